#include "tests/support/sheets.h"

#include <sstream>

#include "lattice/material.h"
#include "tests/support/temp_dir.h"

namespace egkb::test {

std::map<std::string, std::string> scores_of(const std::string& csv_path) {
  std::map<std::string, std::string> scores;
  std::istringstream in(read_file(csv_path));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const std::size_t comma = line.find(',');
    scores[line.substr(0, comma)] = line.substr(comma + 1, line.find(',', comma + 1) - comma - 1);
  }
  return scores;
}

std::string filled_sheet(const std::string& sheet_path, const VerdictOf& verdict_of) {
  std::istringstream in(read_file(sheet_path));
  std::string line;
  std::getline(in, line);
  std::string out = line + "\n";
  for (int n = 1; std::getline(in, line); ++n) {
    // batch,id,material,verdict,...: the material is the third field, never quoted, and the
    // verdict the fourth, empty as written.
    const std::size_t a = line.find(','), b = line.find(',', a + 1), c = line.find(',', b + 1);
    const std::string material = line.substr(b + 1, c - b - 1);
    if (const auto verdict = verdict_of(n, material))
      out += line.substr(0, c + 1) + *verdict + line.substr(c + 1) + "\n";
  }
  return out;
}

std::string truthful_sheet(const std::string& sheet_path, const std::string& truth_csv) {
  const auto truth = scores_of(truth_csv);
  return filled_sheet(sheet_path, [&](int, const std::string& m) { return truth.at(m); });
}

FilledSheet filled_sheet_of(const std::vector<std::pair<const char*, int>>& verdicts) {
  const PieceSet& xq = PieceSet::xiangqi();
  FilledSheet f{"sheet.csv", BatchId(1), {}};
  std::size_t line = 2;
  for (const auto& [m, v] : verdicts)
    f.rows.push_back({line++, key_of(parse_material(m, xq), xq), m, Verdict::of(Score(v))});
  return f;
}

}  // namespace egkb::test
