#include "report/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "present/html.h"

namespace egkb {

namespace {

constexpr double kWidth = 520, kHeight = 260;
constexpr double kLeft = 70, kRight = 20, kTop = 30, kBottom = 50;
constexpr int kGridLines = 4;

// The smallest 1, 2 or 5 times a power of ten at or above `v`, so gridlines fall on round values.
double round_up(double v) {
  if (v <= 0) return 1;
  const double power = std::pow(10.0, std::floor(std::log10(v)));
  for (double step : {1.0, 2.0, 5.0, 10.0}) {
    if (step * power >= v) return step * power;
  }
  return 10 * power;
}

struct Frame {
  double top_value;
  std::size_t slots;

  double x(std::size_t i) const {
    return kLeft +
           (static_cast<double>(i) + 0.5) * (kWidth - kLeft - kRight) / static_cast<double>(slots);
  }
  double y(double v) const { return kTop + (1 - v / top_value) * (kHeight - kTop - kBottom); }
};

// Title, axes, gridlines with their values and the x labels; returns the open SVG and its frame.
std::string frame_svg(const ChartData& data, Frame& frame) {
  const double most =
      data.values.empty() ? 0 : *std::max_element(data.values.begin(), data.values.end());
  frame = {round_up(most), std::max<std::size_t>(data.labels.size(), 1)};
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"11\">\n"
      "<text x=\"{2}\" y=\"18\" font-size=\"13\" font-weight=\"bold\">{3}</text>\n",
      kWidth, kHeight, kLeft, html_escaped(data.title));
  for (int g = 0; g <= kGridLines; ++g) {
    const double v = frame.top_value * g / kGridLines;
    svg += fmt::format(
        "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5:g}</text>\n",
        kLeft, kWidth - kRight, frame.y(v), kLeft - 6, frame.y(v) + 4, v);
  }
  for (std::size_t i = 0; i < data.labels.size(); ++i) {
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", frame.x(i),
                       kHeight - kBottom + 16, html_escaped(data.labels[i]));
  }
  return svg;
}

}  // namespace

std::string line_chart_svg(const ChartData& data) {
  Frame frame{};
  std::string svg = frame_svg(data, frame);
  std::string points;
  for (std::size_t i = 0; i < data.values.size(); ++i) {
    points += fmt::format("{:.1f},{:.1f} ", frame.x(i), frame.y(data.values[i]));
  }
  svg += fmt::format("<polyline fill=\"none\" stroke=\"#b00\" stroke-width=\"2\" points=\"{}\"/>\n",
                     points);
  for (std::size_t i = 0; i < data.values.size(); ++i) {
    svg += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"#b00\"><title>{}: {:g}</title>"
        "</circle>\n",
        frame.x(i), frame.y(data.values[i]), html_escaped(data.labels[i]), data.values[i]);
  }
  return svg + "</svg>\n";
}

std::string bar_chart_svg(const ChartData& data) {
  Frame frame{};
  std::string svg = frame_svg(data, frame);
  const double width = 0.6 * (kWidth - kLeft - kRight) / static_cast<double>(frame.slots);
  for (std::size_t i = 0; i < data.values.size(); ++i) {
    const double top = frame.y(data.values[i]);
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#36c\"/>"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{:g}</text>\n",
        frame.x(i) - width / 2, top, width, frame.y(0) - top, frame.x(i), top - 4, data.values[i]);
  }
  return svg + "</svg>\n";
}

}  // namespace egkb
