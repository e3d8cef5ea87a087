#include "repair/reduce_run.h"

#include <stdexcept>

#include "base/progress.h"
#include "io/output_files.h"
#include "present/json_forms.h"
#include "present/trace_json.h"
#include "reducer/validation_json.h"
#include "repair/reduce_json.h"
#include "store/nodes.h"
#include "store/runs.h"

namespace egkb {

namespace {

constexpr std::string_view kReduceRun = "reduce ";

}  // namespace

std::string reduce_run_command(Method method) {
  return std::string(kReduceRun) + std::string(method_name(method));
}

std::optional<Method> method_of_run(std::string_view command) {
  if (!command.starts_with(kReduceRun)) return std::nullopt;
  return method_named(command.substr(kReduceRun.size()));
}

ReducePlan plan_reduce(OpenedKb& opened, ReduceRequest request, ReduceInputs inputs) {
  ReducePlan plan;
  // A kept validation weighed no evidence, and evidence changes without the rows changing: with
  // evidence, validation runs afresh and is not kept.
  if (request.method == Method::Auto && opened.store && request.evidence.empty()) {
    plan.revision = opened.store->revision();
    if (request.reuse_kept_validation)
      request.validation = store::current_validation(*opened.store);
  }
  plan.outcome = reduce_kb(opened.kb, request);
  plan.request = std::move(request);
  plan.inputs = std::move(inputs);
  return plan;
}

namespace {

void record_in_store(Store& store, const KnowledgeBase& kb, const ReducePlan& plan,
                     Outputs& outputs) {
  const ReduceOutcome& r = plan.outcome;
  const std::string command = reduce_run_command(plan.request.method);
  std::size_t ranges = 0;
  for (std::size_t row = 0; row < r.row_low.size(); ++row)
    ranges += r.row_low[row] != r.row_high[row];
  // Open until the commit ends, which on the full lattice takes seconds of its own.
  ProgressStep progress("writing the store", "rows", r.changed_rows.size() + ranges);
  std::size_t written = 0;
  const auto wrote_one = [&] {
    if (++written % kRowsBetweenReports == 0) progress.advance(written);
  };
  store.write(
      [&](StoreWriter& w) {
        if (r.validation && !plan.request.validation && plan.request.evidence.empty()) {
          // Kept until the rows change: the next reduce of these rows reads it back.
          const nlohmann::ordered_json kept = {{"revision", plan.revision},
                                               {"validation", validation_json(*r.validation)}};
          store::add_run(
              w, {.command = "validate", .parameters = kept, .seconds = r.validation->seconds});
        }
        const RunId run = store::add_run(w, {.command = command,
                                             .parameters = reduce_parameters_json(plan),
                                             .before = conflicts_json(r.before),
                                             .after = conflicts_json(r.after),
                                             .seconds = r.seconds,
                                             .trace = trace_json(r.reduction.trace)});
        written = 0;  // a write tried again starts over
        for (std::size_t row : r.changed_rows) {
          store::change_node(w, run, kb.rows[row].key, NodeState::of(kb.rows[row]),
                             NodeState::of(r.result.rows[row]), command);
          wrote_one();
        }
        for (Key key : r.queued) store::queue_for_review(w, run, key, "tie");
        for (std::size_t row = 0; row < r.row_low.size(); ++row) {
          if (r.row_low[row] == r.row_high[row]) continue;
          store::add_range(w, run, kb.rows[row].key, r.row_low[row], r.row_high[row]);
          wrote_one();
        }
      },
      &outputs);
}

}  // namespace

void apply_reduce(OpenedKb& opened, const ReducePlan& plan, const std::string& out,
                  Outputs& outputs) {
  if (out.empty()) {
    if (!opened.store) throw std::logic_error("a repair read from a file is saved to a file");
    record_in_store(*opened.store, opened.kb, plan, outputs);
    return;
  }
  save_kb(out, plan.outcome.result, reduce_parameters_json(plan), outputs);
  outputs.publish();
  outputs.keep();
}

}  // namespace egkb
