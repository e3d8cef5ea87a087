#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/conflict_report.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "cli/report_evidence.h"
#include "io/byte_source.h"
#include "io/json_text.h"
#include "io/output_files.h"
#include "lattice/material.h"
#include "repair/reduce_json.h"
#include "repair/reduce_run.h"
#include "report/repair_report.h"
#include "store/kb_file.h"

namespace egkb::cli {

namespace {

struct ReduceOptions {
  KbOptions kb;
  std::string method{method_name(kDefaultMethod)};
  bool weighted = false;
  bool soft = false;
  std::optional<double> lambda;
  std::optional<double> prior_weight;
  std::optional<std::string> evidence;
  std::optional<double> evidence_weight;
  std::optional<std::string> cost;
  std::optional<uint64_t> validation_rows;
  std::string weights;
  std::optional<std::string> ties;
  std::string out;
  bool dry_run = false;
  bool json = false;
  std::string report;
};

// What the fitted method believed: each piece's worth in ranks, for each side.
void print_prior(std::FILE* to, const MaterialPrior& prior) {
  fmt::print(to, "  the material model it drew the repair toward, a piece's worth in ranks:\n");
  for (Side side : {Side::Red, Side::Black}) {
    fmt::print(to, "    {:<6}", prior.pieces().side_name(side));
    for (PieceKind k : prior.pieces().kinds())
      fmt::print(to, " {} {:+.2f}", prior.pieces().kind(k).letter, prior.value(side, k));
    fmt::print(to, "\n");
  }
}

// A greedy repair may queue thousands of ties: the first few, and where all of them are.
void print_queued(std::FILE* to, const std::vector<Key>& queued, const PieceSet& pieces,
                  bool recorded) {
  constexpr std::size_t kShown = 10;
  fmt::print(to, "  left for the expert ({} ties):\n", queued.size());
  for (std::size_t i = 0; i < std::min(queued.size(), kShown); ++i)
    fmt::print(to, "    {}\n", material_text(queued[i], pieces));
  if (queued.size() > kShown) {
    fmt::print(to, "    ... and {} more: all of them in {}reduce --json's \"queued\"\n",
               queued.size() - kShown, recorded ? "the store's review_queue table and in " : "");
  }
}

// `recorded`: the repair goes into the store the KB is, its queued ties into review_queue.
void print_text(std::FILE* to, const ReduceOptions& o, const KnowledgeBase& kb,
                const ReduceOutcome& r, bool recorded) {
  fmt::print(to, "{} on {}: {} rows\n", o.method, path_text(kb.origin), kb.rows.size());
  if (!r.reduction.trace.empty()) {
    fmt::print(to, "  {:>6} {:>9} {:>13} {:>9}\n", "pass", "modified", "inconsistent", "Vc");
    for (const IterationTrace& t : r.reduction.trace) {
      fmt::print(to, "  {:>6} {:>9} {:>13} {:>9}{}\n", t.iteration, t.modified,
                 t.after.inconsistent_nodes, t.after.corrected_score,
                 t.exact_finish ? "  (exact repair of what the passes left)" : "");
    }
  }
  fmt::print(to, "  before: {} inconsistent nodes, {} mirror conflicts, Vc {}\n",
             r.before.inconsistent_nodes, r.before.mirror_conflicts, r.before.corrected_score);
  fmt::print(to, "  after:  {} inconsistent nodes, {} mirror conflicts, Vc {}\n",
             r.after.inconsistent_nodes, r.after.mirror_conflicts, r.after.corrected_score);
  if (r.settled > 0) {
    fmt::print(to,
               "  settled by fact: {} edges solved rows break between them by binning alone, "
               "counted above and left as they are\n",
               r.settled);
  }
  fmt::print(to, "  {} rows changed, objective {:g}, {} ties, {:.3f} s\n", r.changed_rows.size(),
             r.objective, r.reduction.ties, r.seconds);
  if (const auto& c = r.reduction.certificate) {
    const std::string cost =
        fmt::format("{} cost{}", cost_shape_name(r.cost), r.prior ? " with the prior" : "");
    if (c->optimal) {
      fmt::print(to, "  certified optimal: its {} {:g} is the lower bound\n", cost, c->objective);
    } else {
      fmt::print(to, "  not certified optimal: its {} {:g}, the lower bound {:g} (gap {:g})\n",
                 cost, c->objective, c->bound, c->gap());
    }
    if (c->open_pairs > 0 && r.cost != CostShape::L1) {
      fmt::print(to, "  {} mirror pairs left open by the relaxation: completed{}\n", c->open_pairs,
                 c->probes > 0 ? fmt::format(", {} values probed", c->probes) : "");
    }
    fmt::print(to, "  {} rows ambiguous: the data allow more than one rank for them\n",
               r.ambiguous_rows);
  }
  if (const auto& v = r.validation) {
    fmt::print(to,
               "  chosen by validation ({} {} rows held out in {} folds, {:.2f} s): {} cost, prior "
               "weight {:g}{}\n",
               v->held_out, v->expert_rows ? "expert" : "unfixed", v->folds, v->seconds,
               cost_shape_name(v->chosen.cost), v->chosen.prior_weight,
               o.evidence ? fmt::format(", evidence weight {:g}", v->chosen.evidence_weight) : "");
    if (v->part_caps) {
      std::string caps;
      for (PieceKind k : kb.pieces->kinds()) {
        caps += fmt::format(" {}{}", kb.pieces->kind(k).letter,
                            (*v->part_caps)[static_cast<std::size_t>(kind_index(k))]);
      }
      fmt::print(to, "    validated on a part of the base: its {} rows with at most{} a side\n",
                 v->part_rows, caps);
    }
    fmt::print(to, "    mean rank distance of the held-out rows:");
    for (const HeldOutScore& h : v->scores) {
      fmt::print(to, "  {} {:g}{}: {:.4f}", cost_shape_name(h.setting.cost), h.setting.prior_weight,
                 o.evidence ? fmt::format(" evidence {:g}", h.setting.evidence_weight) : "",
                 h.error);
    }
    if (o.evidence && !v->expert_rows) {
      fmt::print(to,
                 "\n    evidence not weighed: it is judged on expert rows only, and the base "
                 "has too few");
    }
    fmt::print(to, "\n");
    for (const TooLarge& t : v->too_large) {
      fmt::print(to,
                 "    {} (prior weight {:g}) not tried: the base has {} linked nodes to lay out, "
                 "the layered graph fits up to {}\n",
                 cost_shape_name(t.setting.cost), t.setting.prior_weight, t.nodes, t.most);
    }
  }
  if (r.prior) print_prior(to, *r.prior);
  if (!r.queued.empty()) print_queued(to, r.queued, *kb.pieces, recorded);
  if (o.dry_run) {
    const std::size_t shown = std::min<std::size_t>(r.changed_rows.size(), 50);
    for (std::size_t i = 0; i < shown; ++i) {
      const std::size_t row = r.changed_rows[i];
      fmt::print(to, "  would change {} {} -> {}\n", material_text(kb.rows[row].key, *kb.pieces),
                 value(kb.rows[row].score), value(r.result.rows[row].score));
    }
    if (shown < r.changed_rows.size())
      fmt::print(to, "  ... and {} more\n", r.changed_rows.size() - shown);
  }
}

void write_report(const ReduceOptions& o, OpenedKb& opened, const ReduceOutcome& r,
                  Outputs& outputs) {
  const KnowledgeBase& kb = opened.kb;
  RepairReport report;
  report.title = fmt::format("{} on {}", o.method, kb.origin);
  report.facts = {{"rows", std::to_string(kb.rows.size())},
                  {"rows changed", std::to_string(r.changed_rows.size())},
                  {"objective", fmt::format("{:g}", r.objective)},
                  {"ties", std::to_string(r.reduction.ties)},
                  {"seconds", fmt::format("{:.3f}", r.seconds)}};
  for (auto& fact : solved_facts(kb)) report.facts.push_back(std::move(fact));
  report.before = &kb;
  report.after = &r.result;
  report.trace = r.reduction.trace;
  for (std::size_t row = 0; row < r.row_low.size(); ++row) {
    if (r.row_low[row] != r.row_high[row])
      report.ambiguous.emplace(kb.rows[row].key, std::pair{r.row_low[row], r.row_high[row]});
  }
  // The evidence `egkb report` would show of this repair: --evidence's, or the store's own.
  add_report_evidence(report, r.result, evidence_records(o.evidence, opened));
  outputs.write(o.report, [&](std::ostream& out) { write_repair_report(out, report); });
}

// Refuses options that contradict each other or the KB's kind, and outputs that would overwrite
// an input, before anything is read. Returns whether the repair goes back into the store.
bool check_options(const ReduceOptions& o) {
  const Method method = *method_named(o.method);
  const bool optimal = method_info(method).certified();
  if (o.validation_rows && method != Method::Auto) {
    throw InputError("", 0, "--validation-rows",
                     "only auto validates; the other methods take their cost as given");
  }
  if (method == Method::Auto && (o.cost || o.prior_weight)) {
    throw InputError("", 0, o.cost ? "--cost" : "--prior-weight",
                     "auto chooses the cost and the prior's weight by validation; to set "
                     "them, use --method fitted (or exact, without a prior)");
  }
  if (o.soft && !optimal)
    throw InputError("", 0, "--soft", "only the exact method has soft constraints");
  if (o.prior_weight && method != Method::Fitted)
    throw InputError("", 0, "--prior-weight", "only the fitted method has a prior");
  if (o.evidence && method != Method::Auto && method != Method::Fitted) {
    throw InputError("", 0, "--evidence",
                     "evidence is weak data for auto (weighed by validation) and fitted; exact "
                     "stays the plain optimum of the data");
  }
  if (o.evidence_weight && (method != Method::Fitted || !o.evidence)) {
    throw InputError("", 0, "--evidence-weight",
                     "the weight of --evidence in the fitted method; auto chooses its own");
  }
  if (o.cost && !optimal) {
    throw InputError("", 0, "--cost",
                     fmt::format("the greedy methods ({}) count conflicts, not costs",
                                 fmt::join(greedy_method_names(), ", ")));
  }
  if (o.lambda && !o.soft)
    throw InputError("", 0, "--lambda", "the factor of the soft penalties: add --soft");
  if (o.ties && optimal) {
    throw InputError(
        "", 0, "--ties",
        fmt::format("ties are the greedy methods' ({}); exact picks its optimum itself",
                    fmt::join(greedy_method_names(), ", ")));
  }
  if (o.weighted && optimal) {
    throw InputError("", 0, "--weighted",
                     "the exact method minimises the weighted edit cost already; use --soft "
                     "for piece-weighted edges");
  }
  if (o.dry_run && (!o.out.empty() || !o.report.empty())) {
    throw InputError("", 0, o.report.empty() ? "--out" : "--report",
                     "--dry-run writes nothing, no file either; to see the repair and its report "
                     "without changing the KB, give --out FILE instead of --dry-run");
  }
  if (o.json && (o.out == "-" || o.report == "-"))
    throw InputError("", 0, "--json", "--json and an output to - both write to standard output");
  const bool to_store = o.out.empty() && is_store_path(o.kb.path);
  if (!o.dry_run && o.out.empty() && !to_store) {
    throw InputError(o.kb.path, 0, "--out",
                     "a CSV knowledge base is not rewritten in place; name a file with --out");
  }
  std::vector<std::string> inputs = files_of(o.kb.path);
  if (!o.weights.empty()) inputs.push_back(o.weights);
  if (!o.out.empty()) {
    check_save_target(o.out);
    check_output(o.out, inputs, "--out");
  }
  if (!o.report.empty()) {
    check_output(o.report, inputs, "--report");
    if (!o.out.empty()) check_output(o.report, {o.out}, "--report");
  }
  return to_store;
}

// --method's help: every method and what it does, "a (...), b (...) or c (...)".
std::string methods_described() {
  return kMethods.listed(
      [](const MethodInfo& m) { return fmt::format("{} ({})", m.name, m.help); });
}

// The summary's "a, b, c": the methods a user names to run one other than the default.
std::string methods_besides_default() {
  std::vector<std::string_view> names;
  for (const MethodInfo& m : kMethods) {
    if (m.value != kDefaultMethod) names.push_back(m.name);
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

// --ties' help: "closest (the default) takes the nearest best value; queue leaves ...".
std::string ties_described() {
  std::vector<std::string> each;
  for (const Named<Ties>& t : kTies) {
    each.push_back(fmt::format("{}{} {}", t.name,
                               t.value == ReduceRequest{}.ties ? " (the default)" : "", t.help));
  }
  return fmt::format("{}", fmt::join(each, "; "));
}

// --cost's help: "l1 |d| (the default), trunc2 min(|d|,2), ... or sqrt".
std::string cost_shapes_described() {
  return kCostShapeNames.listed([](const Named<CostShape>& c) {
    std::string text(c.name);
    if (!c.help.empty()) text += fmt::format(" {}", c.help);
    if (c.value == ReduceRequest{}.cost) text += " (the default)";
    return text;
  });
}

ReduceRequest request_of(const ReduceOptions& o, const PieceSet& pieces) {
  ReduceRequest request;
  request.method = *method_named(o.method);
  request.weighted = o.weighted;
  request.soft = o.soft;
  request.lambda = o.lambda.value_or(request.lambda);
  request.prior_weight = o.prior_weight.value_or(request.prior_weight);
  request.evidence_weight = o.evidence_weight.value_or(kEvidenceWeight);
  if (o.cost) request.cost = *cost_shape_named(*o.cost);
  if (o.validation_rows) {
    request.validation_options.most_rows = *o.validation_rows;
    request.reuse_kept_validation = false;
  }
  if (o.ties) request.ties = *kTies.named(*o.ties);
  request.weights = o.weights.empty() ? ReduceWeights{PieceWeights::defaults(pieces), NodeWeights{}}
                                      : parse_weights(ByteSource::file(o.weights).read_all(1 << 20),
                                                      o.weights, pieces);
  if (isatty(STDERR_FILENO)) {
    request.on_iteration = [](const IterationTrace& t) {
      fmt::print(stderr, "egkb: pass {}: {} modified, {} inconsistent nodes left\n", t.iteration,
                 t.modified, t.after.inconsistent_nodes);
    };
  }
  return request;
}

}  // namespace

Command reduce_command() {
  auto o = std::make_shared<ReduceOptions>();
  return {
      "reduce",
      fmt::format("repair a KB: {} by default (the optimum of the cost validation chooses), or "
                  "{}",
                  method_name(kDefaultMethod), methods_besides_default()),
      "egkb reduce kb.sqlite --report repair.html",
      [o](OptionSink& sink) {
        const std::string greedy_methods = fmt::format("{}", fmt::join(greedy_method_names(), "/"));
        add_kb_options(sink, o->kb);
        sink.text(o->method, "--method", methods_described().c_str(), false, method_names());
        sink.number(
            o->prior_weight, "--prior-weight",
            fmt::format("fitted: the material prior's weight per mirror pair (default {:g})",
                        kDefaultPriorWeight)
                .c_str(),
            0, kMaxPriorWeight);
        sink.text(o->evidence, "--evidence",
                  "auto, fitted: evidence from play as weak data: 'store' (the store's, from egkb "
                  "evidence) or an evidence file; auto weighs it by validation on expert rows");
        sink.number(
            o->evidence_weight, "--evidence-weight",
            fmt::format("fitted: the evidence's weight per rank (default {:g})", kEvidenceWeight)
                .c_str(),
            0, kMaxPriorWeight);
        sink.whole(o->validation_rows, "--validation-rows",
                   fmt::format("auto: a base of more rows is validated on its part of at most "
                               "this many, the materials with the fewest pieces (default {}); "
                               "validates afresh",
                               ValidationOptions{}.most_rows)
                       .c_str(),
                   1, UINT64_MAX);
        sink.text(o->cost, "--cost",
                  fmt::format("exact, fitted: what moving a row costs, times its weight: {}; all "
                              "but l1 add |d|/64 to break ties",
                              cost_shapes_described())
                      .c_str(),
                  kCostShapeNames.names());
        sink.flag(o->weighted, "--weighted",
                  fmt::format("{}: weighted ranking and edit score (piece values x rank gap)",
                              greedy_methods)
                      .c_str());
        sink.flag(o->soft, "--soft",
                  "exact: edges become penalties of lambda x piece value per rank");
        sink.number(o->lambda, "--lambda", "exact --soft: the penalty factor (default 1)", 0.001,
                    1000);
        sink.text(o->weights, "--weights",
                  "JSON file: piece values, cannon_raise, mirror, manual, generated", false);
        sink.text(o->ties, "--ties",
                  fmt::format("{}: {}", greedy_methods, ties_described()).c_str(), kTies.names());
        sink.text(o->out, "--out",
                  "write the repaired rows here (.csv, a new .sqlite, - for standard output) "
                  "instead of the store",
                  false);
        sink.flag(o->dry_run, "--dry-run",
                  "show what would change; write nothing (so neither --out nor --report)");
        sink.flag(o->json, "--json", "print the figures as JSON");
        sink.text(o->report, "--report",
                  "write an HTML report: convergence, changes, worst nodes, neighbourhoods", false);
      },
      [o] {
        const bool to_store = check_options(*o);
        OpenedKb opened = open(o->kb);
        const KnowledgeBase& kb = opened.kb;
        ReduceRequest request = request_of(*o, *kb.pieces);
        if (o->evidence) request.evidence = evidence_ranks(evidence_for(*o->evidence, opened));
        const ReducePlan plan = plan_reduce(opened, request, {o->kb.path, o->weights});
        const ReduceOutcome& r = plan.outcome;
        Outputs outputs;
        if (!o->dry_run) {
          if (!o->report.empty()) write_report(*o, opened, r, outputs);
          apply_reduce(opened, plan, o->out, outputs);
        }
        // Data on standard output leaves the report to standard error.
        std::FILE* text = outputs.to_standard_output() ? stderr : stdout;
        if (o->json) {
          std::cout << json_text(reduce_json(plan, *kb.pieces)) << '\n';
        } else {
          print_text(text, *o, kb, r, to_store && !o->dry_run);
          fmt::print(text, "  {}\n",
                     o->dry_run ? "dry run: the knowledge base is unchanged"
                     : to_store ? "recorded in " + path_text(o->kb.path)
                                : "wrote " + path_text(o->out));
          if (!o->report.empty()) fmt::print(text, "  report -> {}\n", path_text(o->report));
        }
        return 0;
      }};
}

}  // namespace egkb::cli
