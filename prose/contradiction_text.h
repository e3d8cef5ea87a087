// Why fixed rows contradict each other, in the words the messages of reduce and review import
// give.
#pragma once

#include <functional>
#include <string>

#include "lattice/fixed_ranks.h"

namespace egkb {

// Why the pair contradicts, in words, with each fixed node named by `name` (which should give
// its material and its fixed score or rank): "A forces B to rank 5 or above".
std::string explain(const Lattice& lattice, const Contradiction& c,
                    const std::function<std::string(NodeId)>& name);

}  // namespace egkb
