// The independent brute force's counts (tests/support/xiangqi_brute_force.h) of the materials
// named, as given (red first), in the columns `egkb solve --out` writes after the score and
// expectation: the truth `egkb solve` is measured against on two-sided materials, where no public
// counts exist (docs/solve.md, "Checks"). Prints each material's time and peak size on stderr.
#include <chrono>
#include <cstdio>
#include <exception>
#include <string>

#include "tests/support/xiangqi_brute_force.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: brute_force_counts MATERIAL... (red first: KRKP)\n");
    return 2;
  }
  std::printf("material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n");
  for (int i = 1; i < argc; ++i) {
    const std::string material = argv[i];
    const auto start = std::chrono::steady_clock::now();
    try {
      const xiangqi_brute_force::Solution s = xiangqi_brute_force::solve(material);
      const auto& c = s.counts.at(material);
      std::printf(
          "%s,%llu,%llu,%llu,%llu,%llu,%llu\n", material.c_str(),
          static_cast<unsigned long long>(c[0].win), static_cast<unsigned long long>(c[0].draw),
          static_cast<unsigned long long>(c[0].loss), static_cast<unsigned long long>(c[1].win),
          static_cast<unsigned long long>(c[1].draw), static_cast<unsigned long long>(c[1].loss));
      std::fflush(stdout);
      std::fprintf(stderr, "%s: %zu positions with what captures reach, %.1f s\n", material.c_str(),
                   s.positions.size(),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s: %s\n", material.c_str(), e.what());
      return 2;
    }
  }
  return 0;
}
