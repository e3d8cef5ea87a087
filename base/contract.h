// Contracts (docs/development.md, "Contracts"): a structure's is_ok() checks its invariants in
// one pass and is asserted, with a plain assert, at the entry and exit of the algorithms that rely
// on them. A debug build then stops at the first broken one; a release build compiles the checks
// out and keeps its own refusals.
#pragma once

#include <fmt/format.h>

#include <string_view>
#include <utility>

namespace egkb {

// How much a contract checks, as Stockfish's pos_is_ok<Fast>: Full walks the whole structure
// (O(nodes + edges)); Fast only what costs O(1), the sizes and links, for a call in a solver's
// inner loop whose caller checked Full once and checks the result Full once.
enum class Check : unsigned char { Fast, Full };

// Writes "contract broken: <what>" to stderr and returns false, for is_ok() to return: the
// assert around the call stops the program on the next line, which alone would not say which of
// the checks failed.
bool broken(std::string_view what);

template <typename... Args>
bool broken(fmt::format_string<Args...> what, Args&&... args) {
  return broken(std::string_view(fmt::format(what, std::forward<Args>(args)...)));
}

}  // namespace egkb
