#include "evidence/position_json.h"

#include <string>

#include "board/game_rules.h"
#include "board/random_positions.h"
#include "evidence/evidence_example.h"
#include "evidence/evidence_record.h"
#include "lattice/material.h"

namespace egkb {

namespace {

// The seed of `egkb positions` when none is given: a material without evidence shows the
// positions that command prints.
constexpr uint64_t kDefaultSeed = 1;

}  // namespace

nlohmann::ordered_json board_view_json(const Position& p, const PieceSet& pieces) {
  nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
  for (int rank = p.ranks() - 1; rank >= 0; --rank) {
    std::string row;
    for (int file = 0; file < p.files(); ++file) row += p.at({file, rank});
    ranks.push_back(row);
  }
  return {{"pieces", pieces.name()},
          {"files", p.files()},
          {"ranks", p.ranks()},
          {"to_move", p.to_move() == Side::Red ? "red" : "black"},
          {"sides", {pieces.side_name(Side::Red), pieces.side_name(Side::Black)}},
          {"fen", rules_of(pieces).fen(p)},
          {"board", ranks}};
}

nlohmann::ordered_json position_json(Key key, const PieceSet& pieces, uint32_t index,
                                     const std::optional<EvidenceView>& evidence) {
  const PositionSampler sampler(material_of(key, pieces), pieces);
  const std::optional<EvidenceExample> example =
      evidence ? evidence_example(*evidence, pieces, index) : std::nullopt;
  const uint64_t seed = example ? evidence->record->seed : kDefaultSeed;
  const Position shown = example ? example->position : sampler.draw(seed, index);
  nlohmann::ordered_json j{
      {"material", material_text(key, pieces)}, {"index", index}, {"seed", seed}};
  j.update(board_view_json(shown, pieces));
  j["evidence"] = nullptr;
  if (evidence) {
    nlohmann::ordered_json e = evidence_view_json(*evidence, pieces);
    e["position"] =
        example
            ? nlohmann::ordered_json{{"score", score_text(example->score, shown.to_move(), pieces)},
                                     {"outcome", outcome_text(example->outcome, pieces)},
                                     {"pv", example->pv}}
            : nlohmann::ordered_json(nullptr);
    j["evidence"] = e;
  }
  return j;
}

}  // namespace egkb
