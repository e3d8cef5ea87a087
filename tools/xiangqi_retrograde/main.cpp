// xiangqi-retrograde: exact win/draw/loss counts of one-sided xiangqi endgames by retrograde
// analysis, written as datasets/xiangqi-retrograde.csv (see datasets/README.md).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tools/xiangqi_retrograde/default_materials.h"
#include "tools/xiangqi_retrograde/fen.h"
#include "tools/xiangqi_retrograde/solver.h"
#include "tools/xiangqi_retrograde/statistics.h"

using namespace xiangqi_retrograde;

namespace {

// The orientation a row is stored in: red has the attackers; with none on either side, the side
// with more pieces is red (ties: the smaller text), so a material and its mirror are one row.
Material stored_orientation(const Material& m) {
  const Material mm = mirror(m);
  if (m.attackers(Colour::red) != mm.attackers(Colour::red)) {
    return m.attackers(Colour::red) > mm.attackers(Colour::red) ? m : mm;
  }
  auto side_pieces = [](const Material& x) {
    int n = 0;
    for (uint8_t c : x.count[0]) n += c;
    return n;
  };
  if (side_pieces(m) != side_pieces(mm)) return side_pieces(m) > side_pieces(mm) ? m : mm;
  return material_text(m) <= material_text(mm) ? m : mm;
}

std::array<Counts, 2> counts_in(const Table& t, const Material& stored) {
  if (t.index.material() == stored) return t.counts;
  return {t.counts[1], t.counts[0]};  // the mirror: black's view is red's of the stored row
}

struct SampleOptions {
  std::string file;
  int per_material = 4;
  int draws_per_material = 0;
  int max_plies = 9;
  unsigned seed = 1;
};

// A few positions per material and side to move for the engine check
// (tools/xiangqi_retrograde/engine_cross_check.py): wins and losses of short lines, and draws.
// Random indices until enough are found.
void write_samples(const Table& t, const SampleOptions& o, std::mt19937_64& rng,
                   std::ofstream& out) {
  std::uniform_int_distribution<uint64_t> pick(0, t.index.size() - 1);
  Position p;
  for (Colour c : {Colour::red, Colour::black}) {
    int decided = 0, draws = 0;
    for (int tries = 0;
         tries < 1000000 && (decided < o.per_material || draws < o.draws_per_material); ++tries) {
      const uint64_t i = pick(rng);
      const uint8_t v = t.value[index(c)][i];
      if (v == kIllegal) continue;
      if (v == kDraw) {
        if (draws == o.draws_per_material) continue;
        ++draws;
      } else {
        if (decided == o.per_material || t.plies[index(c)][i] > o.max_plies) continue;
        ++decided;
      }
      t.index.decode(i, p);
      out << fmt::format("{},{},{},{},{}\n", material_text(t.index.material()),
                         fairy_stockfish_fen(p, c), c == Colour::red ? "red" : "black",
                         v == kWin    ? "win"
                         : v == kLoss ? "loss"
                                      : "draw",
                         v == kDraw ? std::string() : std::to_string(t.plies[index(c)][i]));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Exact win/draw/loss counts of one-sided xiangqi endgames by retrograde analysis"};
  std::string out_file;
  uint64_t max_positions = 40'000'000;
  std::vector<std::string> named;
  SampleOptions samples;
  app.add_option("--out", out_file, "CSV to write (datasets/xiangqi-retrograde.csv)")->required();
  app.add_option("--max-positions", max_positions,
                 "Largest material solved, in index positions with both sides to move");
  app.add_option("--samples", samples.file,
                 "Also write short decided lines as FEN, for the engine check");
  app.add_option("--samples-per-material", samples.per_material,
                 "Wins or losses sampled per material and side to move");
  app.add_option("--sample-max-plies", samples.max_plies, "Longest line sampled, in plies");
  app.add_option("--sample-draws", samples.draws_per_material,
                 "Draws sampled per material and side to move");
  app.add_option("--seed", samples.seed, "Seed of the sampling");
  bool list_only = false;
  app.add_flag("--list", list_only, "Print the materials and their positions, solve nothing");
  app.add_option("materials", named, "Materials to solve (KRKGGMM ...); none: the default set");
  CLI11_PARSE(app, argc, argv);

  std::vector<Material> wanted;
  try {
    if (named.empty()) {
      wanted = default_materials(max_positions);
    } else {
      for (const std::string& text : named) {
        const Material m = stored_orientation(parse_material(text));
        if (!is_one_sided(m)) throw std::invalid_argument(text + ": both sides have attackers");
        if (positions_of(m) > max_positions) {
          std::cerr << fmt::format("{}: {} positions, more than --max-positions; skipped\n", text,
                                   positions_of(m));
          continue;
        }
        wanted.push_back(m);
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "xiangqi-retrograde: " << e.what() << '\n';
    return 2;
  }

  if (list_only) {
    uint64_t total = 0;
    for (const Material& m : wanted) {
      std::cout << fmt::format("{} {}\n", material_text(m), positions_of(m));
      total += positions_of(m);
    }
    std::cout << fmt::format("{} materials, {} positions\n", wanted.size(), total);
    return 0;
  }

  std::ofstream sample_out;
  if (!samples.file.empty()) {
    sample_out.open(samples.file);
    sample_out << "material,fen,side_to_move,result,plies\n";
  }
  std::mt19937_64 rng(samples.seed);
  SolveOptions options;
  options.keep_plies = !samples.file.empty();

  // Rows by stored material; the capture targets that have no attacker come for free.
  std::map<Material, std::array<Counts, 2>> rows;
  double total_seconds = 0;
  solve_all(wanted, options, [&](const Table& t, double seconds, bool is_wanted) {
    total_seconds += seconds;
    const Material& m = t.index.material();
    std::cerr << fmt::format("{:<10} rtm {}/{}/{} btm {}/{}/{} {:.2f} s{}\n", material_text(m),
                             t.counts[0].win, t.counts[0].draw, t.counts[0].loss, t.counts[1].win,
                             t.counts[1].draw, t.counts[1].loss, seconds,
                             is_wanted ? "" : " (a capture target)");
    if (is_wanted || (m.attackers(Colour::red) == 0 && m.attackers(Colour::black) == 0)) {
      const Material stored = stored_orientation(m);
      rows[stored] = counts_in(t, stored);
    }
    if (is_wanted && sample_out.is_open()) write_samples(t, samples, rng, sample_out);
  });

  std::vector<Material> order;
  for (const auto& [m, _] : rows) order.push_back(m);
  std::stable_sort(order.begin(), order.end(), [](const Material& a, const Material& b) {
    if (a.pieces() != b.pieces()) return a.pieces() < b.pieces();
    return material_text(a) < material_text(b);
  });
  std::ofstream out(out_file);
  out << csv_header() << '\n';
  for (const Material& m : order) out << csv_row(m, rows[m]) << '\n';
  out.close();
  if (!out) {
    std::cerr << "xiangqi-retrograde: could not write " << out_file << '\n';
    return 1;
  }
  std::cerr << fmt::format("{} materials written to {}; {:.1f} s solving\n", order.size(), out_file,
                           total_seconds);
  return 0;
}
