// What an engine does with an egkb export: look up the material on the board, and before a
// capture sequence, see which one-for-one exchanges change the outlook.
//
// Build against a header from `egkb export KB --format header --out egkb_probe.h`:
//   g++ -std=c++17 -O2 -Wall -Wextra -I. engine_probe.cpp -o engine_probe
//   ./engine_probe KRKNMM KRNKRGG
#include <array>
#include <cstdio>
#include <cstring>

#include "egkb_probe.h"

namespace {

using Side = std::array<int, EGKB_KINDS>;

struct Counts {
  Side red{};
  Side black{};
};

// "KRNKRGG": red's pieces from the first K, black's from the second. An engine already has
// these counts; the parser is here so the example runs from the command line.
bool parse(const char* text, Counts& counts) {
  if (text[0] != 'K') return false;
  Side* side = &counts.red;
  for (const char* c = text + 1; *c != '\0'; ++c) {
    if (*c == 'K' && side == &counts.red) {
      side = &counts.black;
      continue;
    }
    const char* kind = std::strchr(EGKB_KIND_LETTERS, *c);
    if (kind == nullptr) return false;
    ++(*side)[static_cast<std::size_t>(kind - EGKB_KIND_LETTERS)];
  }
  return side == &counts.black;
}

int probe(const Counts& c) {
  return egkb_probe(c.red.data(), c.black.data());
}

// Scores 4 and 5 are one class; lower is better for red.
int rank_of(int score) {
  return score <= 4 ? score : score - 1;
}

void show_exchanges(const Counts& now, int score) {
  for (int r = 0; r < EGKB_KINDS; ++r) {
    for (int b = 0; b < EGKB_KINDS; ++b) {
      if (now.red[r] == 0 || now.black[b] == 0) continue;
      Counts after = now;
      --after.red[r];
      --after.black[b];
      const int traded = probe(after);
      if (traded == EGKB_UNKNOWN || rank_of(traded) == rank_of(score)) continue;
      std::printf("  trading red %c for black %c: %d, %s (%s for red)\n", EGKB_KIND_LETTERS[r],
                  EGKB_KIND_LETTERS[b], traded, egkb_meaning(traded),
                  rank_of(traded) < rank_of(score) ? "better" : "worse");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    Counts counts;
    if (!parse(argv[i], counts)) {
      std::fprintf(stderr, "%s: not a material of %s pieces (%s)\n", argv[i], EGKB_PIECES,
                   EGKB_KIND_LETTERS);
      status = 2;
      continue;
    }
    const int score = probe(counts);
    std::printf("%s: %d, %s\n", argv[i], score, egkb_meaning(score));
    if (score != EGKB_UNKNOWN) show_exchanges(counts, score);
  }
  return status;
}
