// Every row at fault in one message: a reviewer fixes the sheet once, not once per error.
#pragma once

#include <string>
#include <vector>

#include "base/errors.h"

namespace egkb {

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

  // Throws InputError naming the first line at fault and listing up to 20 of them.
  void throw_if_any() const;

 private:
  std::string origin_;
  std::string verdict_;
  std::string remedy_;
  Choice choice_;
  std::vector<std::string> faults_;
  std::size_t first_line_ = 0;
};

}  // namespace egkb
