#include "tools/xiangqi_retrograde/statistics.h"

#include <fmt/format.h>

#include <cstdlib>

namespace xiangqi_retrograde {

double expectation(const std::array<Counts, 2>& counts) {
  const Counts& rtm = counts[0];
  const Counts& btm = counts[1];
  const double red_to_move = (static_cast<double>(rtm.win) - static_cast<double>(rtm.loss)) /
                             static_cast<double>(rtm.legal());
  const double black_to_move = (static_cast<double>(btm.loss) - static_cast<double>(btm.win)) /
                               static_cast<double>(btm.legal());
  return 0.5 * (red_to_move + black_to_move);
}

int score(double e) {
  if (e >= 0.9) return 0;
  if (e >= 0.7) return 1;
  if (e >= 0.45) return 2;
  if (e >= 0.15) return 3;
  if (e >= 0) return 4;
  if (e > -0.15) return 5;
  if (e > -0.45) return 6;
  if (e > -0.7) return 7;
  if (e > -0.9) return 8;
  return 9;
}

std::string csv_header() {
  return "material,score,expectation,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss";
}

std::string csv_row(const Material& m, const std::array<Counts, 2>& counts) {
  std::string e = fmt::format("{:.6f}", expectation(counts));
  if (e == "-0.000000") e = "0.000000";
  return fmt::format("{},{},{},{},{},{},{},{},{}", material_text(m),
                     score(std::strtod(e.c_str(), nullptr)), e, counts[0].win, counts[0].draw,
                     counts[0].loss, counts[1].win, counts[1].draw, counts[1].loss);
}

}  // namespace xiangqi_retrograde
