#include "engine/material_search.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <optional>

#include "base/errors.h"
#include "base/interrupt.h"
#include "board/random_positions.h"
#include "engine/score_bias.h"

namespace egkb {

EvidenceSettings default_evidence_settings(const PieceSet& pieces) {
  EvidenceSettings s;
  // docs/evidence.md, "Defaults": chess on the shipped Syzygy statistics; xiangqi on the
  // retrograde statistics and half of the solved materials beyond them (the other half held
  // out), read from each material's score_bias.
  if (&pieces == &PieceSet::chess()) {
    s.budget = {SearchBudget::Kind::Depth, 6};
    s.positions = 256;
    s.threshold = 150;
  } else {
    s.budget = {SearchBudget::Kind::Depth, 14};
    s.positions = 64;
    s.threshold = 400;
  }
  return s;
}

UciEngine& EngineSlot::engine() {
  if (!engine_) {
    stop_if_interrupted();
    engine_ = std::make_unique<UciEngine>(setup_);
  }
  return *engine_;
}

bool search_complete(std::span<const EngineScore> scores, const EvidenceSettings& settings,
                     int bias) {
  const auto n = static_cast<uint32_t>(scores.size());
  if (n >= settings.positions) return true;
  return settings.sequential && is_look(n) &&
         settled(count_results(scores, {settings.threshold, bias}));
}

namespace {

// Where a search with these settings may stop next after `n` positions: the next look of a
// sequential search, or all its positions.
uint64_t stop_point(uint64_t n, const EvidenceSettings& settings) {
  uint64_t look = 16;
  while (settings.sequential && look <= n) look *= 2;
  return settings.sequential ? std::min<uint64_t>(look, settings.positions) : settings.positions;
}

}  // namespace

MaterialEvidence search_material(EngineSlot& slot, const Material& material, const PieceSet& pieces,
                                 const EvidenceSettings& settings, std::vector<EngineScore> known,
                                 std::vector<std::string> known_pvs) {
  const auto started = std::chrono::steady_clock::now();
  known_pvs.resize(known.size());
  MaterialEvidence out{material, std::move(known), std::move(known_pvs), {}, {}, 0, "", {}};
  const int bias = score_bias(material, pieces);
  try {
    const PositionSampler sampler(material, pieces);
    const auto position = [&](uint64_t i) { return sampler.draw(settings.seed, i); };
    // The position a fault stopped at, for messages.
    const auto at = [&](uint64_t i) {
      return fmt::format("position {} ({})", i, sampler.rules().fen(position(i)));
    };
    bool fresh = true;                // the engine needs a new game, and the queue starting again
    uint64_t next = 0;                // the next position to start
    std::optional<uint64_t> faulted;  // the position a first fault stopped at
    std::string first_fault;
    while (!search_complete(out.scores, settings, bias)) {
      try {
        UciEngine& engine = slot.engine();
        if (fresh) {
          engine.new_game();
          next = out.scores.size();
          fresh = false;
        }
        const uint64_t limit = stop_point(out.scores.size(), settings);
        while (engine.in_flight() < slot.queued() && next < limit) {
          engine.start(position(next++), sampler.rules(), settings.budget);
        }
        EngineAnswer answer = engine.next_answer();
        out.scores.push_back(answer.score);
        out.pvs.push_back(std::move(answer.pv));
      } catch (const EngineQueueFault& fault) {
        slot.one_at_a_time();
        slot.restart();
        fresh = true;
        out.restarts.push_back(fmt::format("{}: the engine {}; given one position at a time",
                                           at(out.scores.size()), fault.what()));
      } catch (const EngineFault& fault) {
        slot.restart();
        fresh = true;
        const uint64_t index = out.scores.size();
        if (faulted != index) {
          faulted = index;
          first_fault = fault.what();
          out.restarts.push_back(fmt::format("{}: the engine {}", at(index), first_fault));
          continue;
        }
        out.failure = fmt::format("{}: the engine {}; started again, it {}", at(index), first_fault,
                                  fault.what());
        break;
      }
    }
  } catch (const InputError& e) {
    out.failure = e.what();  // no legal position to search
  }
  // The next material's new game waits for no search: none is started past a stop point.
  assert(slot.running() == nullptr || slot.running()->in_flight() == 0);
  out.counts = count_results(out.scores, {settings.threshold, bias});
  out.result = expected_result(out.counts);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace egkb
