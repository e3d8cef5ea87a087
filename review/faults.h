// Every row at fault in one message: a reviewer fixes the sheet once, not once per error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "base/errors.h"

namespace egkb {

// Input refused for rows of a batch's sheet, naming each row's line: the review app links the
// rows its message lists, and a filter shows them, without reading numbers out of the text.
class RowsRefused : public InputError {
 public:
  // `line`: the line the message leads with (InputError::line), 0 for none.
  RowsRefused(std::string file, std::size_t line, std::vector<std::size_t> lines,
              const std::string& message, Choice choice = Choice::None);

  // Every line at fault in the sheet's order of faults, also those the message leaves out.
  const std::vector<std::size_t>& lines() const { return lines_; }

 private:
  std::vector<std::size_t> lines_;
};

class Faults {
 public:
  // `verdict` ends the first line of the message: "3 row(s) <verdict>, nothing was changed:";
  // `remedy` is a last line saying what else the user can do, `choice` the InputError's choice.
  Faults(std::string origin, std::string verdict, std::string remedy = "",
         Choice choice = Choice::None)
      : origin_(std::move(origin)),
        verdict_(std::move(verdict)),
        remedy_(std::move(remedy)),
        choice_(choice) {}

  // `line` 0 for a fault that is not on one line of the sheet.
  void add(std::size_t line, const std::string& field, const std::string& why);
  bool empty() const { return faults_.empty(); }

  // Throws RowsRefused naming the first line at fault, listing up to 20 of them in its message
  // and all of them in its lines.
  void throw_if_any() const;

 private:
  std::string origin_;
  std::string verdict_;
  std::string remedy_;
  Choice choice_;
  std::vector<std::string> faults_;
  std::vector<std::size_t> lines_;  // the lines of the faults that are on one
  std::size_t first_line_ = 0;
};

}  // namespace egkb
