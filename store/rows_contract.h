// The contract of the rows the store hands to the rest of egkb (docs/development.md,
// "Contracts"): what its reads have checked value by value, asserted once on the whole set.
#pragma once

#include "lattice/knowledge_base.h"

namespace egkb {

// Keys ascending without a repeat and inside the piece set's key space, each score 0..9, each
// source one of the four (a solved row invariable), each weight absent or finite and positive.
// O(rows).
bool stored_rows_are_ok(const KnowledgeBase& kb);

}  // namespace egkb
