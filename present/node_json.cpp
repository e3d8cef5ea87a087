#include "present/node_json.h"

#include "lattice/conflicts.h"
#include "lattice/material.h"
#include "prose/link_text.h"
#include "prose/score_meaning.h"

namespace egkb {

nlohmann::ordered_json node_json(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n,
                                 const std::vector<Neighbour>& neighbours) {
  const Lattice& lat = scored.lattice;
  const PieceSet& pieces = lat.pieces();
  const auto material = [&](NodeId u) { return format_material(lat.material(u), pieces); };
  nlohmann::ordered_json links = nlohmann::ordered_json::array();
  int bad = 0;
  for (const Neighbour& nb : neighbours) {
    bad += nb.inconsistent;
    links.push_back({{"link", link_text(pieces, nb)},
                     {"material", material(nb.node)},
                     {"score", value(scored.scores[nb.node])},
                     {"inconsistent", nb.inconsistent}});
  }
  const Score score = scored.scores[n];
  const NodeId m = lat.mirror(n);
  return {{"material", material(n)},
          {"score", value(score)},
          {"meaning", score_meaning(pieces, score)},
          {"rank", value(rank_of(score))},
          {"source", provenance(kb, scored, n)},
          {"mirror", m == n ? nlohmann::ordered_json(nullptr)
                            : nlohmann::ordered_json{{"material", material(m)},
                                                     {"score", value(scored.scores[m])},
                                                     {"implied", lat.implied(m)}}},
          {"inconsistent", bad},
          {"level", inconsistency_level(bad, lat.neighbour_count(n))},
          {"neighbours", links}};
}

}  // namespace egkb
