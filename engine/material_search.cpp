#include "engine/material_search.h"

#include <fmt/format.h>

#include "base/errors.h"
#include "board/random_positions.h"

namespace egkb {

EvidenceSettings default_evidence_settings(const PieceSet& pieces) {
  EvidenceSettings s;
  // docs/evidence.md, "Defaults": chess on the shipped Syzygy statistics, xiangqi on half of
  // the retrograde statistics (the other half held out).
  if (&pieces == &PieceSet::chess()) {
    s.budget = {SearchBudget::Kind::Depth, 6};
    s.positions = 256;
    s.threshold = 150;
  } else {
    s.budget = {SearchBudget::Kind::Depth, 14};
    s.positions = 32;
    s.threshold = 300;
  }
  return s;
}

UciEngine& EngineSlot::engine() {
  if (!engine_) engine_ = std::make_unique<UciEngine>(setup_);
  return *engine_;
}

bool search_complete(std::span<const EngineScore> scores, const EvidenceSettings& settings) {
  const auto n = static_cast<uint32_t>(scores.size());
  if (n >= settings.positions) return true;
  return settings.sequential && is_look(n) && settled(count_results(scores, settings.threshold));
}

MaterialEvidence search_material(EngineSlot& slot, const Material& material, const PieceSet& pieces,
                                 const EvidenceSettings& settings, std::vector<EngineScore> known) {
  const auto started = std::chrono::steady_clock::now();
  MaterialEvidence out{material, std::move(known), {}, {}, 0, ""};
  try {
    const PositionSampler sampler(material, pieces);
    bool new_game = true;
    while (!search_complete(out.scores, settings)) {
      const uint64_t index = out.scores.size();
      const std::string fen = sampler.rules().fen(sampler.draw(settings.seed, index));
      std::string first_fault;
      for (int attempt = 0; attempt < 2; ++attempt) {
        try {
          UciEngine& engine = slot.engine();
          if (new_game) engine.new_game();
          new_game = false;
          out.scores.push_back(engine.search(fen, settings.budget));
          break;
        } catch (const EngineFault& fault) {
          slot.restart();
          new_game = true;
          if (attempt == 0) {
            first_fault = fault.what();
            continue;
          }
          out.failure = fmt::format("position {} ({}): the engine {}; started again, it {}", index,
                                    fen, first_fault, fault.what());
        }
      }
      if (!out.failure.empty()) break;
    }
  } catch (const InputError& e) {
    out.failure = e.what();  // no legal position to search
  }
  out.counts = count_results(out.scores, settings.threshold);
  out.result = expected_result(out.counts);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace egkb
