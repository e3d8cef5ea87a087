#include "evidence/evidence_example.h"

#include <fmt/format.h>

#include <cstdlib>

#include "board/random_positions.h"
#include "engine/score_bias.h"
#include "engine/score_code.h"
#include "engine/uci_engine.h"
#include "lattice/material.h"

namespace egkb {

std::optional<EvidenceExample> evidence_example(const EvidenceView& view, const PieceSet& pieces,
                                                uint32_t index) {
  const EvidenceRecord& r = *view.record;
  if (index >= r.positions()) return std::nullopt;
  const Material material = material_of(r.key, pieces);
  const PositionSampler sampler(material, pieces);
  const Position searched = sampler.draw(r.seed, index);
  const EngineScore score = score_of_code(r.scores[index]);
  Outcome outcome =
      outcome_for_red(score, searched.to_move(), score_reading(material, pieces, r.threshold));
  Position shown = searched;
  std::vector<std::string> pv = pv_moves(r.pv(index));
  if (view.mirrored) {
    shown = mirrored(searched);
    outcome = static_cast<Outcome>(-static_cast<int>(outcome));
    for (std::string& move : pv) move = mirrored_move(move, searched.ranks());
  }
  return EvidenceExample{shown, sampler.rules().fen(shown), score, outcome, std::move(pv)};
}

std::string score_text(const EngineScore& score, Side to_move, const PieceSet& pieces) {
  const std::string side = pieces.side_name(to_move);
  if (score.kind == EngineScore::Kind::Mate) {
    if (score.value == 0) return fmt::format("no move for {}: it has lost", side);
    return fmt::format("mate in {} {} {} to move", std::abs(score.value),
                       score.value > 0 ? "for" : "against", side);
  }
  return fmt::format("{:+.2f} for {} to move", score.value / 100.0, side);
}

std::string outcome_text(Outcome outcome, const PieceSet& pieces) {
  switch (outcome) {
    case Outcome::RedWins:
      return "counted a " + pieces.side_name(Side::Red) + " win";
    case Outcome::BlackWins:
      return "counted a " + pieces.side_name(Side::Black) + " win";
    case Outcome::Draw:
      break;
  }
  return "counted a draw";
}

}  // namespace egkb
