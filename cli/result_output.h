// A command's figures, printed once in the form asked for: JSON (--json) for a program, or the
// lines a person reads. Each command keeps its figures in a result struct of its own with two
// free functions beside it, `to_json(result)` and `print_text(std::FILE*, result)`, so the two
// forms say the same things and the command only asks, calls the library and prints.
#pragma once

#include <fmt/format.h>

#include <cstdio>

#include "io/json_text.h"

namespace egkb::cli {

template <typename Result>
void print_result(std::FILE* out, bool json, const Result& result) {
  if (json) {
    fmt::print(out, "{}\n", json_text(to_json(result)));
  } else {
    print_text(out, result);
  }
}

}  // namespace egkb::cli
