#include "store/rows_contract.h"

#include <cmath>

#include "base/contract.h"

namespace egkb {

bool stored_rows_are_ok(const KnowledgeBase& kb) {
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    const KbRow& row = kb.rows[i];
    if (i > 0 && kb.rows[i - 1].key >= row.key)
      return broken("stored rows {} and {} have keys {} and {}, not ascending", i - 1, i,
                    kb.rows[i - 1].key, row.key);
    if (row.key >= kb.pieces->key_count())
      return broken("stored row {} has key {}, outside the piece set", i, row.key);
    if (!is_ok(row.score)) return broken("stored row {} has score {}", i, value(row.score));
    if (!is_ok(row.source))
      return broken("stored row {} has source {}", i, static_cast<int>(row.source));
    if (row.source == Source::Solved && !row.invariable)
      return broken("stored row {} is solved and not invariable", i);
    if (row.weight && !(std::isfinite(*row.weight) && *row.weight > 0))
      return broken("stored row {} has weight {}", i, *row.weight);
  }
  return true;
}

}  // namespace egkb
