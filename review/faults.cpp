#include "review/faults.h"

#include <fmt/format.h>

#include "base/errors.h"

namespace egkb {

RowsRefused::RowsRefused(std::string file, std::size_t line, std::vector<std::size_t> lines,
                         const std::string& message, Choice choice)
    : InputError(std::move(file), line, "", message, choice), lines_(std::move(lines)) {}

void Faults::add(std::size_t line, const std::string& field, const std::string& why) {
  if (faults_.empty()) first_line_ = line;
  if (line > 0) lines_.push_back(line);
  faults_.push_back(line > 0 ? fmt::format("line {} {}: {}", line, field, why)
                             : fmt::format("{}: {}", field, why));
}

void Faults::throw_if_any() const {
  if (faults_.empty()) return;
  std::string message = fmt::format("{} row(s) {}, nothing was changed:", faults_.size(), verdict_);
  for (std::size_t i = 0; i < faults_.size() && i < 20; ++i) message += "\n  " + faults_[i];
  if (faults_.size() > 20) message += fmt::format("\n  ... and {} more", faults_.size() - 20);
  if (!remedy_.empty()) message += "\n  " + remedy_;
  throw RowsRefused(origin_, first_line_, lines_, message, choice_);
}

}  // namespace egkb
