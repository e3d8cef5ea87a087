// What a reducer promises of the ranks it returns (docs/development.md, "Contracts"), asserted
// at its exit in debug builds as RepairProblem::is_ok() is at its entry.
#pragma once

#include <span>

#include "reducer/problem.h"

namespace egkb {

struct RepairPromise {
  bool in_step = false;     // every mirror pair mirrored, a node that is its own mirror at 4
  bool consistent = false;  // no lattice edge broken: a hard repair, or its relaxation
};

// A rank in 0..8 for every node of the problem, each fixed node at its rank in the problem, and
// what `promise` adds. O(nodes + edges).
bool repair_is_ok(const RepairProblem& problem, std::span<const Rank> ranks,
                  RepairPromise promise = {});

// Each node's range of ranks: both ends repairs as above, the low end never above the high one,
// and each rank of `within`, when given, inside its node's range.
bool range_is_ok(const RepairProblem& problem, std::span<const Rank> low,
                 std::span<const Rank> high, RepairPromise promise = {},
                 std::span<const Rank> within = {});

// range_is_ok on the listed nodes only, at the cost of their number: what a solver's inner call
// that moved just those promises (the layered solver's, once per group and probing branch),
// while its caller checks the whole range once.
bool range_is_ok_on(const RepairProblem& problem, std::span<const Rank> low,
                    std::span<const Rank> high, std::span<const NodeId> nodes);

// The nodes a solver may move: each a node of the problem's lattice, not fixed, listed once.
bool free_nodes_ok(const RepairProblem& problem, std::span<const NodeId> free_nodes);

}  // namespace egkb
