// What a reviewer does to a sheet, for the tests: read a truth, fill the verdict column.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "review/sheet_reader.h"

namespace egkb::test {

// material -> score (as text) of a CSV whose first two columns are material and score.
std::map<std::string, std::string> scores_of(const std::string& csv_path);

// The sheet's text with every verdict filled by `verdict_of(row number from 1, material)`; a row
// for which it returns nullopt is left out of the sheet.
using VerdictOf = std::function<std::optional<std::string>(int, const std::string&)>;
std::string filled_sheet(const std::string& sheet_path, const VerdictOf& verdict_of);

// Batch 1's sheet "sheet.csv" as read, its rows from line 2: each xiangqi material's verdict.
FilledSheet filled_sheet_of(const std::vector<std::pair<const char*, int>>& verdicts);

// Every verdict the truth's score.
std::string truthful_sheet(const std::string& sheet_path, const std::string& truth_csv);

}  // namespace egkb::test
