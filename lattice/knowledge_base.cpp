#include "lattice/knowledge_base.h"

#include <algorithm>

namespace egkb {

ScoredLattice ScoredLattice::of(const KnowledgeBase& kb) {
  std::vector<Key> keys(kb.rows.size());
  std::transform(kb.rows.begin(), kb.rows.end(), keys.begin(),
                 [](const KbRow& r) { return r.key; });
  ScoredLattice s{Lattice::closure(*kb.pieces, std::move(keys)), {}, {}};
  s.row_of.assign(s.lattice.size(), kImplied);
  for (std::size_t i = 0; i < kb.rows.size(); ++i) s.row_of[*s.lattice.find(kb.rows[i].key)] = i;
  s.scores = s.scores_of(kb);
  return s;
}

std::vector<Score> ScoredLattice::scores_of(const KnowledgeBase& same_rows) const {
  std::vector<Score> out(lattice.size());
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if (row_of[u] != kImplied) out[u] = same_rows.rows[row_of[u]].score;
  }
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if (row_of[u] == kImplied) out[u] = mirror(out[lattice.mirror(u)]);
  }
  return out;
}

std::vector<Rank> ScoredLattice::ranks() const {
  return ranks_of(scores);
}

std::vector<Rank> ranks_of(std::span<const Score> scores) {
  std::vector<Rank> ranks(scores.size());
  std::transform(scores.begin(), scores.end(), ranks.begin(), [](Score s) { return rank_of(s); });
  return ranks;
}

std::string_view provenance(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n) {
  const std::size_t row = scored.row_of[n];
  return row == ScoredLattice::kImplied ? "implied" : source_name(kb.rows[row].source);
}

}  // namespace egkb
