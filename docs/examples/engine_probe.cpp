// What an engine does with an egkb export: look up the material on the board, and before a
// capture sequence, see which one-for-one exchanges change the outlook.
//
// Build against a header from `egkb export KB --format header --out kb_probe.h`:
//   g++ -std=c++17 -O2 -Wall -Wextra -I. engine_probe.cpp -o engine_probe
//   ./engine_probe KRKNMM KRNKRGG
#include <array>
#include <cstdio>

#include "kb_probe.h"

namespace {

using Side = std::array<int, KB_KINDS>;

struct Counts {
  Side red{};
  Side black{};
};

int probe(const Counts& c) {
  return kb_probe_counts(c.red.data(), c.black.data());
}

// Scores 4 and 5 are one class; lower is better for red.
int rank_of(int score) {
  return score <= 4 ? score : score - 1;
}

void show_exchanges(const Counts& now, int score) {
  for (int r = 0; r < KB_KINDS; ++r) {
    for (int b = 0; b < KB_KINDS; ++b) {
      if (now.red[r] == 0 || now.black[b] == 0) continue;
      Counts after = now;
      --after.red[r];
      --after.black[b];
      const int traded = probe(after);
      if (traded == KB_UNKNOWN || rank_of(traded) == rank_of(score)) continue;
      std::printf("  trading red %c for black %c: %d, %s (%s for red)\n", KB_KIND_LETTERS[r],
                  KB_KIND_LETTERS[b], traded, kb_meaning(traded),
                  rank_of(traded) < rank_of(score) ? "better" : "worse");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    // An engine already has the counts; text is read here so the example runs from a shell.
    Counts counts;
    if (kb_counts_from_material(argv[i], counts.red.data(), counts.black.data()) != 0) {
      std::fprintf(stderr, "%s: not a material of %s pieces (%s)\n", argv[i], KB_PIECES,
                   KB_KIND_LETTERS);
      status = 2;
      continue;
    }
    const int score = probe(counts);
    std::printf("%s: %d, %s\n", argv[i], score, kb_meaning(score));
    if (score != KB_UNKNOWN) show_exchanges(counts, score);
  }
  return status;
}
