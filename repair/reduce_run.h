// `egkb reduce` as two library calls, shaped like review/rules.h: plan_reduce repairs the rows as
// read (for a store, the snapshot the write will commit against), and apply_reduce records the
// repair once: one write to that store, or a new file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "reducer/reduce.h"
#include "store/kb_file.h"

namespace egkb {

class Outputs;

// The files a reduce read, named as they were given: its run records them.
struct ReduceInputs {
  std::string kb;
  std::string weights;  // empty: the default weights
};

struct ReducePlan {
  ReduceRequest request;  // as run: for auto on a store, with the validation the store kept
  ReduceInputs inputs;
  ReduceOutcome outcome;
  // For auto on a store, the revision the rows were read at: a new validation is kept for it.
  int64_t revision = 0;
};

// What the store records a reduce by `method` as ("reduce auto"), and the method such a record
// names (nullopt for none).
std::string reduce_run_command(Method method);
std::optional<Method> method_of_run(std::string_view command);

// Repairs the rows of `opened` by `request`. Auto on a store reuses the validation the store kept
// for these rows (store::current_validation) instead of validating again.
ReducePlan plan_reduce(OpenedKb& opened, ReduceRequest request, ReduceInputs inputs);

// Records the plan's repair, and publishes `outputs` with it. With `out` empty, into the store
// the plan read, in one write refused when another command changed the store since: a validate
// run when auto made a new validation, then the reduce run with every row changed, every tie
// queued for review and every ambiguous row's range; the outputs appear after the commit.
// Otherwise as the new file `out` (a CSV or a store, save_kb), published with the outputs.
void apply_reduce(OpenedKb& opened, const ReducePlan& plan, const std::string& out,
                  Outputs& outputs);

}  // namespace egkb
