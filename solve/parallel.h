// Work split into blocks run on several threads, while the calling thread shows how far it is
// and notices an interrupt: the solver's one way to use both cores.
#pragma once

#include <cstdint>
#include <functional>

#include "base/progress.h"

namespace egkb::solve {

// The threads a solve uses when told 0: every core the machine has.
int default_threads();

// Runs work(block) for every block in [0, count) on `threads` threads, each block once. The
// calling thread advances `step` by the blocks finished (if given) and, at an interrupt, stops
// the threads after their current block and rethrows it; an exception in a block stops the rest
// and is rethrown.
void for_each_block(uint64_t count, int threads, ProgressStep* step,
                    const std::function<void(uint64_t block)>& work);

}  // namespace egkb::solve
