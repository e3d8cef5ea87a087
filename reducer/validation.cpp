#include "reducer/validation.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <thread>
#include <unordered_map>

#include "base/progress.h"
#include "lattice/material.h"
#include "lattice/random.h"
#include "reducer/certified_relaxation.h"
#include "reducer/exact.h"
#include "reducer/layered_solver.h"
#include "reducer/material_prior.h"

namespace egkb {

namespace {

// What validation repairs: the whole base, or on a large one its part (validation.h).
struct Part {
  const KnowledgeBase* kb = nullptr;
  std::vector<double> evidence;   // per row of *kb, as ValidationOptions::evidence
  KnowledgeBase own;              // the part's rows, when it is a part
  std::optional<PieceCaps> caps;  // the part's bound; none: the whole base
};

// The most pieces of each kind either side of a material has, a byte a kind (kind_index order).
uint64_t maxima_of(Key key, const PieceSet& pieces) {
  const Material m = material_of(key, pieces);
  uint64_t most = 0;
  for (PieceKind k : pieces.kinds()) {
    const uint64_t count = std::max(m.count(Side::Red, k), m.count(Side::Black, k));
    most |= count << (8 * kind_index(k));
  }
  return most;
}

bool within(uint64_t most, const PieceCaps& caps) {
  for (std::size_t k = 0; k < kMaxKinds; ++k) {
    if (((most >> (8 * k)) & 0xff) > caps[k]) return false;
  }
  return true;
}

Part part_of(const KnowledgeBase& kb, const ValidationOptions& o) {
  Part part;
  part.kb = &kb;
  part.evidence = o.evidence;
  if (kb.rows.size() <= o.most_rows) return part;
  std::vector<uint64_t> maxima(kb.rows.size());
  // Rows counted by their materials' maxima: 1,458 kinds of row on the full lattice.
  std::unordered_map<uint64_t, std::size_t> rows_with;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    maxima[i] = maxima_of(kb.rows[i].key, *kb.pieces);
    ++rows_with[maxima[i]];
  }
  PieceCaps caps{};
  for (const auto& [most, rows] : rows_with) {
    for (std::size_t k = 0; k < kMaxKinds; ++k)
      caps[k] = std::max(caps[k], static_cast<uint8_t>((most >> (8 * k)) & 0xff));
  }
  const auto rows_within = [&](const PieceCaps& c) {
    std::size_t rows = 0;
    for (const auto& [most, n] : rows_with) rows += within(most, c) ? n : 0;
    return rows;
  };
  // One piece less of one kind at a time, the kind that keeps the most rows (on a tie the last
  // in the set's order, the minor pieces first), until the part fits.
  for (std::size_t kept = kb.rows.size(); kept > o.most_rows;) {
    std::optional<PieceCaps> best;
    std::size_t best_kept = 0;
    for (std::size_t k = 0; k < kMaxKinds; ++k) {
      if (caps[k] == 0) continue;
      PieceCaps lower = caps;
      --lower[k];
      if (const std::size_t n = rows_within(lower); !best || n >= best_kept) {
        best = lower;
        best_kept = n;
      }
    }
    if (!best || best_kept == 0) break;  // nothing smaller that holds a row: the smallest part
    caps = *best;
    kept = best_kept;
  }
  part.caps = caps;
  part.own.pieces = kb.pieces;
  part.own.origin = kb.origin;
  part.evidence.clear();
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (!within(maxima[i], caps)) continue;
    part.own.rows.push_back(kb.rows[i]);
    if (!o.evidence.empty()) part.evidence.push_back(o.evidence[i]);
  }
  part.kb = &part.own;
  return part;
}

bool expert_rows_hidden(const KnowledgeBase& kb, const ValidationOptions& o, bool evidence) {
  std::size_t experts = 0;
  for (const KbRow& row : kb.rows) experts += row.source == Source::Expert;
  return experts >= (evidence ? o.least_expert_rows_with_evidence : o.least_expert_rows);
}

// Every setting of the grid, plainest first. Evidence is judged by the truth alone, rows an
// expert scored; the others are the data it may contradict.
std::vector<RepairSetting> settings_of(const ValidationOptions& o, bool evidence_weighed) {
  const std::vector<double> evidence_weights =
      evidence_weighed ? o.evidence_weights : std::vector<double>{0};
  std::vector<RepairSetting> settings;
  for (double e : evidence_weights) {
    for (double w : o.prior_weights) {
      for (CostShape c : o.costs) settings.push_back({c, w, e});
    }
  }
  return settings;
}

// The rows validation may hide, one node of each mirror pair: expert rows where the base has
// enough of them, else the rows nobody fixed.
std::vector<NodeId> hideable_pairs(const KnowledgeBase& kb, const ScoredLattice& scored,
                                   const RepairProblem& problem, bool expert_rows) {
  const Lattice& lat = scored.lattice;
  std::vector<NodeId> pairs;
  for (NodeId u = 0; u < lat.size(); ++u) {
    const NodeId m = lat.mirror(u);
    if (m < u) continue;
    bool hideable = false;
    for (NodeId x : {u, m}) {
      const std::size_t row = scored.row_of[x];
      if (row == ScoredLattice::kImplied) continue;
      hideable |= expert_rows ? kb.rows[row].source == Source::Expert : !problem.fixed[x];
    }
    if (hideable) pairs.push_back(u);
  }
  return pairs;
}

// A setting the whole base's repair could not lay out, when validation repairs a part of it: the
// part would fit, but the repair validation chooses for must.
std::optional<TooLarge> too_large_for(const RepairProblem& whole, const RepairSetting& s,
                                      std::size_t most) {
  if (s.cost == CostShape::L1) return std::nullopt;
  const bool pulled = s.prior_weight > 0 || s.evidence_weight > 0;
  const std::size_t nodes = most_linked_nodes(*whole.lattice, layered_free_nodes(whole, !pulled));
  if (nodes <= most) return std::nullopt;
  return TooLarge{s, nodes, most};
}

// One fold's sum of rank distances per setting, and the settings too large for its repair.
struct FoldScores {
  std::vector<double> error;
  std::vector<std::optional<TooLarge>> too_large;
  std::size_t held_out = 0;
};

struct FoldInputs {
  const KnowledgeBase& kb;
  const ScoredLattice& scored;
  const RepairProblem& base;
  const std::vector<NodeId>& pairs;
  const std::vector<RepairSetting>& settings;
  const std::vector<bool>& tried;  // false: left out before any fold
  const std::vector<double>& evidence;
  const ValidationOptions& o;
};

FoldScores score_fold(const FoldInputs& in, std::size_t fold, unsigned threads, CutSpaces& spaces,
                      std::atomic<std::size_t>& repairs_done) {
  const Lattice& lat = in.scored.lattice;
  FoldScores out;
  out.error.assign(in.settings.size(), 0);
  out.too_large.resize(in.settings.size());
  RepairProblem hidden = in.base;
  std::vector<uint8_t> is_hidden(lat.size(), 0);
  std::vector<NodeId> scored_rows;  // the stored nodes hidden in this fold
  for (std::size_t i = fold; i < in.pairs.size(); i += in.o.folds) {
    for (NodeId x : {in.pairs[i], lat.mirror(in.pairs[i])}) {
      is_hidden[x] = 1;
      hidden.weight[x] = 0;
      hidden.fixed[x] = 0;
      if (in.scored.row_of[x] != ScoredLattice::kImplied) scored_rows.push_back(x);
    }
  }
  out.held_out = scored_rows.size();
  std::vector<double> prior;
  if (std::any_of(in.settings.begin(), in.settings.end(),
                  [](const RepairSetting& s) { return s.prior_weight > 0; })) {
    KnowledgeBase training;
    training.pieces = in.kb.pieces;
    for (const KbRow& row : in.kb.rows) {
      if (!is_hidden[*lat.find(row.key)]) training.rows.push_back(row);
    }
    prior = MaterialPrior::fit(training).ranks(lat);
  }
  for (std::size_t s = 0; s < in.settings.size(); ++s) {
    const RepairSetting& setting = in.settings[s];
    if (in.tried[s]) {
      CostModel model;
      model.shape = setting.cost;
      if (setting.prior_weight > 0) model.pulls.push_back({prior, setting.prior_weight});
      if (setting.evidence_weight > 0)
        model.pulls.push_back({in.evidence, setting.evidence_weight});
      std::optional<CertifiedRepair> repair;
      try {
        // A prediction needs no certificate: the completion alone, without probing.
        repair = solve_certified(
            hidden, model,
            {.threads = threads, .most_probes = 0, .most_layered_nodes = in.o.most_layered_nodes},
            {}, spaces);
      } catch (const LayeredGraphTooLarge& e) {
        out.too_large[s] = TooLarge{setting, e.nodes(), e.most()};  // only convex costs here
      }
      // No repair: invariable rows that contradict each other, nothing to score.
      if (repair) {
        for (NodeId x : scored_rows)
          out.error[s] += std::abs(value(repair->ranks[x]) - value(in.base.ranks[x]));
      }
      repairs_done.fetch_add(1);
    }
  }
  return out;
}

// The settings left out before any fold: on a part, those whose layered graph the whole base's
// repair could not lay out.
std::vector<std::optional<TooLarge>> left_out(const RepairProblem& whole, const Part& part,
                                              const std::vector<RepairSetting>& settings,
                                              const ValidationOptions& o) {
  std::vector<std::optional<TooLarge>> out(settings.size());
  if (!part.caps) return out;
  for (std::size_t s = 0; s < settings.size(); ++s)
    out[s] = too_large_for(whole, settings[s], o.most_layered_nodes);
  return out;
}

}  // namespace

std::size_t validation_rows(const PreparedRepair& prepared, const KnowledgeBase& kb,
                            const ValidationOptions& o) {
  const Part part = part_of(kb, o);
  const bool evidence = !part.evidence.empty();
  const bool weighed = evidence && expert_rows_hidden(*part.kb, o, evidence);
  const std::vector<RepairSetting> settings = settings_of(o, weighed);
  const std::vector<std::optional<TooLarge>> out = left_out(prepared.problem(), part, settings, o);
  const auto tried = static_cast<std::size_t>(
      std::count_if(out.begin(), out.end(), [](const auto& t) { return !t.has_value(); }));
  return std::min(o.folds_run, o.folds) * tried * part.kb->rows.size();
}

Validation validate(const PreparedRepair& prepared, const KnowledgeBase& kb,
                    const ValidationOptions& o, const std::function<void(std::size_t)>& repaired) {
  const auto started = std::chrono::steady_clock::now();
  const Part part = part_of(kb, o);
  // The part is a base of its own; the whole base is the one reduce_kb prepared.
  std::optional<ScoredLattice> own_scored;
  std::optional<RepairProblem> own_problem;
  if (part.caps) {
    own_scored = ScoredLattice::of(*part.kb);
    own_problem = RepairProblem::of(*part.kb, *own_scored, o.weights);
  }
  const ScoredLattice& scored = own_scored ? *own_scored : prepared.scored();
  const RepairProblem& base = own_problem ? *own_problem : prepared.problem();
  const Lattice& lat = scored.lattice;

  Validation v;
  if (part.caps) {
    v.part_rows = part.kb->rows.size();
    v.part_caps = part.caps;
  }
  const bool evidence = !part.evidence.empty();
  v.expert_rows = expert_rows_hidden(*part.kb, o, evidence);
  const std::vector<RepairSetting> settings = settings_of(o, evidence && v.expert_rows);
  std::vector<std::optional<TooLarge>> too_large = left_out(prepared.problem(), part, settings, o);
  std::vector<bool> tried(settings.size());
  for (std::size_t s = 0; s < settings.size(); ++s) tried[s] = !too_large[s];
  std::vector<NodeId> pairs = hideable_pairs(*part.kb, scored, base, v.expert_rows);
  Random random(o.seed);
  random.shuffle(pairs);
  v.folds = std::min(o.folds_run, o.folds);
  const std::vector<double> evidence_ranks = node_ranks(lat, *part.kb, part.evidence);

  // The folds on the cores there are, each core's repairs in one working memory; the calling
  // thread reports their progress and is the safe point a Ctrl-C stops at (each fold stops at
  // its next cut).
  const unsigned cores =
      o.threads > 0 ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(cores, v.folds));
  const unsigned threads_each = std::max(1u, cores / static_cast<unsigned>(workers));
  const FoldInputs in{*part.kb, scored, base, pairs, settings, tried, evidence_ranks, o};
  CutSpaces spaces;
  std::atomic<std::size_t> repairs_done{0}, next_fold{0};
  std::vector<FoldScores> folds(v.folds);
  const auto work = [&] {
    for (std::size_t f; (f = next_fold.fetch_add(1)) < v.folds;)
      folds[f] = score_fold(in, f, threads_each, spaces, repairs_done);
  };
  std::optional<ProgressStep> own_step;
  if (!repaired) own_step.emplace("validation", "rows", validation_rows(prepared, kb, o));
  const auto report = [&] {
    const std::size_t rows = repairs_done.load() * part.kb->rows.size();
    if (repaired) {
      repaired(rows);
    } else {
      own_step->advance(rows);
    }
  };
  {
    std::vector<std::future<void>> running;
    for (std::size_t w = 0; w < workers; ++w)
      running.push_back(std::async(std::launch::async, work));
    for (std::future<void>& f : running) {
      while (f.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready) report();
      f.get();
    }
  }
  report();

  std::vector<double> error(settings.size(), 0);
  for (const FoldScores& f : folds) {
    v.held_out += f.held_out;
    for (std::size_t s = 0; s < settings.size(); ++s) {
      error[s] += f.error[s];
      if (!too_large[s]) too_large[s] = f.too_large[s];
    }
  }
  const double held = static_cast<double>(std::max<std::size_t>(v.held_out, 1));
  std::optional<std::size_t> best;
  for (std::size_t s = 0; s < settings.size(); ++s) {
    if (too_large[s]) {
      v.too_large.push_back(*too_large[s]);
      continue;
    }
    v.scores.push_back({settings[s], error[s] / held});
    // The settings run plainest first: a later one must do strictly better.
    if (!best || error[s] < error[*best]) best = s;
  }
  v.chosen = settings[best.value_or(0)];
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return v;
}

Validation validate(const KnowledgeBase& kb, const ValidationOptions& o) {
  const PreparedRepair prepared(kb, {PieceWeights::defaults(*kb.pieces), o.weights});
  return validate(prepared, kb, o);
}

}  // namespace egkb
