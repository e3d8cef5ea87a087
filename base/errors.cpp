#include "base/errors.h"

#include <fmt/format.h>

#include "base/text.h"

namespace egkb {

namespace {

std::string locate(const std::string& file, std::size_t line, const std::string& field,
                   const std::string& message) {
  std::string where = path_text(file);
  if (line > 0) where += fmt::format(":{}", line);
  if (!field.empty()) where += where.empty() ? field : ": " + field;
  return where.empty() ? message : where + ": " + message;
}

}  // namespace

InputError::InputError(std::string file, std::size_t line, std::string field,
                       const std::string& message, Choice choice)
    : std::runtime_error(locate(file, line, field, message)),
      file_(std::move(file)),
      message_(message),
      line_(line),
      field_(std::move(field)),
      choice_(choice) {}

IoError::IoError(const std::string& path, const std::string& message)
    : std::runtime_error(path_text(path) + ": " + message) {}

MaterialParseError::MaterialParseError(std::string text, std::size_t column,
                                       const std::string& message)
    : std::runtime_error(fmt::format("{} column {}: {}", in_quotes(text), column, message)),
      text_(std::move(text)),
      column_(column) {}

}  // namespace egkb
