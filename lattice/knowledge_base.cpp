#include "lattice/knowledge_base.h"

#include <algorithm>

namespace egkb {

ScoredLattice ScoredLattice::of(const KnowledgeBase& kb) {
  std::vector<Key> keys(kb.rows.size());
  std::transform(kb.rows.begin(), kb.rows.end(), keys.begin(),
                 [](const KbRow& r) { return r.key; });
  ScoredLattice s{Lattice::closure(*kb.pieces, std::move(keys)), {}, {}};
  const NodeId n = s.lattice.size();
  s.scores.resize(n);
  s.row_of.assign(n, kImplied);
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    const NodeId node = *s.lattice.find(kb.rows[i].key);
    s.row_of[node] = i;
    s.scores[node] = kb.rows[i].score;
  }
  for (NodeId u = 0; u < n; ++u) {
    if (s.row_of[u] == kImplied) s.scores[u] = mirror(s.scores[s.lattice.mirror(u)]);
  }
  return s;
}

std::vector<Rank> ScoredLattice::ranks() const {
  std::vector<Rank> r(scores.size());
  std::transform(scores.begin(), scores.end(), r.begin(), [](Score s) { return rank_of(s); });
  return r;
}

}  // namespace egkb
