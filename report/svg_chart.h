// Small SVG charts drawn as text, so a report is one self-contained HTML file.
#pragma once

#include <string>
#include <vector>

namespace egkb {

struct ChartData {
  std::string title;
  std::vector<std::string> labels;  // one per point or bar, along the x axis
  std::vector<double> values;
};

// Points joined by a line; each point carries its value as a tooltip.
std::string line_chart_svg(const ChartData& data);
// One bar per label, its value written above it.
std::string bar_chart_svg(const ChartData& data);

}  // namespace egkb
