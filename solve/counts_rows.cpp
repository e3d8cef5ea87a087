#include "solve/counts_rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "lattice/expected_result.h"
#include "solve/materials.h"

namespace egkb::solve {

std::array<SideCounts, 2> counts_as_stored(const Solution& s) {
  if (stored_orientation(s.material) == s.material) return s.counts;
  return {s.counts[1], s.counts[0]};
}

double expectation(const std::array<SideCounts, 2>& counts) {
  const SideCounts& rtm = counts[0];
  const SideCounts& btm = counts[1];
  const double red_to_move = (static_cast<double>(rtm.win) - static_cast<double>(rtm.loss)) /
                             static_cast<double>(rtm.legal());
  const double black_to_move = (static_cast<double>(btm.loss) - static_cast<double>(btm.win)) /
                               static_cast<double>(btm.legal());
  return 0.5 * (red_to_move + black_to_move);
}

void write_counts_csv(std::ostream& out, const std::vector<Solution>& solved) {
  struct Row {
    Material material;
    std::array<SideCounts, 2> counts;
    SolveRules rules;
  };
  std::map<std::string, Row> rows;
  bool conventional = false;
  for (const Solution& s : solved) {
    const Material stored = stored_orientation(s.material);
    rows.insert_or_assign(material_text(stored), Row{stored, counts_as_stored(s), s.rules});
    conventional = conventional || s.rules == SolveRules::RepetitionDraw;
  }
  std::vector<const Row*> order;
  for (const auto& [text, row] : rows) order.push_back(&row);
  std::stable_sort(order.begin(), order.end(), [](const Row* a, const Row* b) {
    return piece_count(a->material) < piece_count(b->material);
  });
  out << "material,score,expectation,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss"
      << (conventional ? ",rules\n" : "\n");
  for (const Row* row : order) {
    std::string e = fmt::format("{:.6f}", expectation(row->counts));
    if (e == "-0.000000") e = "0.000000";
    const auto& c = row->counts;
    out << fmt::format("{},{},{},{},{},{},{},{},{}", material_text(row->material),
                       value(score_of_expected(std::strtod(e.c_str(), nullptr))), e, c[0].win,
                       c[0].draw, c[0].loss, c[1].win, c[1].draw, c[1].loss);
    out << (conventional ? fmt::format(",{}\n", rules_name(row->rules)) : "\n");
  }
}

}  // namespace egkb::solve
