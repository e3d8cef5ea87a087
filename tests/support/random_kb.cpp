#include "tests/support/random_kb.h"

#include <algorithm>
#include <map>
#include <set>

#include "lattice/material.h"

namespace egkb::test {

KnowledgeBase random_kb(std::mt19937_64& rng, std::size_t size, int max_extra,
                        double mirror_share) {
  const PieceSet& pieces = PieceSet::xiangqi();
  KnowledgeBase kb;
  kb.pieces = &pieces;
  kb.origin = "random";
  std::set<Key> used;
  std::uniform_int_distribution<int> score(0, 9);
  std::uniform_int_distribution<int> side(0, 1);
  std::uniform_int_distribution<int> kind(0, pieces.kind_count() - 1);
  std::uniform_int_distribution<int> extra(0, max_extra);
  std::bernoulli_distribution with_mirror(mirror_share);
  while (kb.rows.size() < size) {
    Material m;
    for (int i = extra(rng); i > 0; --i) {
      const Side s = static_cast<Side>(side(rng));
      const auto k = PieceKind(kind(rng));
      if (m.count(s, k) < pieces.kind(k).max) ++m.count(s, k);
    }
    std::vector<Key> keys = {key_of(m, pieces)};
    if (with_mirror(rng)) keys.push_back(key_of(mirror(m), pieces));
    for (Key k : keys) {
      if (used.insert(k).second)
        kb.rows.push_back({k, Score(score(rng)), Source::Generated, false, {}, 0});
    }
  }
  return kb;
}

void keep_solved_in_step(KnowledgeBase& kb) {
  const PieceSet& pieces = *kb.pieces;
  std::map<Key, Score> solved;
  for (const KbRow& row : kb.rows) {
    if (row.source == Source::Solved) solved.emplace(row.key, row.score);
  }
  for (KbRow& row : kb.rows) {
    if (row.source != Source::Solved) continue;
    const Key m = mirror_key(row.key, pieces);
    if (m == row.key) {
      row.score = Score(4);
    } else if (const auto it = solved.find(m); it != solved.end() && m < row.key) {
      row.score = mirror(it->second);
    }
  }
}

}  // namespace egkb::test
