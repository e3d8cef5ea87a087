#include "cli/error_table.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <array>
#include <ostream>

#include "base/text.h"

namespace egkb::cli {

void print_error_table(std::ostream& out, const std::string& name, const ErrorCounts& c) {
  const std::array<uint64_t, 7> counts = {c.errors, c.d_ge4, c.d3, c.d2, c.d1, c.d0, c.inverted};
  fmt::print(out, "  {:<24} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>6} {:>9}\n", "", "size",
             "errors", "D>=4", "D=3", "D=2", "D=1", "D=0", "inverted");
  // The name is a file's path, its end shown when it is long, from a character's first byte.
  const std::string shown = path_text(name);
  std::size_t from = shown.size() > 24 ? shown.size() - 21 : 0;
  while (from > 0 && from < shown.size() &&
         (static_cast<unsigned char>(shown[from]) & 0xC0) == 0x80)
    ++from;
  fmt::print(out, "  {:<24} {:>9}", from > 0 ? "..." + shown.substr(from) : shown, c.size);
  const std::array<int, 7> widths = {9, 8, 8, 8, 8, 6, 9};
  for (std::size_t i = 0; i < counts.size(); ++i) fmt::print(out, " {:>{}}", counts[i], widths[i]);
  fmt::print(out, "\n  {:<24} {:>9}", "% of size", "");
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const double share =
        c.size == 0 ? 0.0 : 100.0 * static_cast<double>(counts[i]) / static_cast<double>(c.size);
    fmt::print(out, " {:>{}.2f}", share, widths[i]);
  }
  fmt::print(out, "\n");
}

}  // namespace egkb::cli
