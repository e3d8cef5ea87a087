// One exception type per kind of failure, caught once in cli/ and mapped to an exit code.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace egkb {

// Bad input from the user: a file, a row, an argument. Exit code 2.
class InputError : public std::runtime_error {
 public:
  // `line` 0 means the error concerns the whole file or an argument, not a line.
  InputError(std::string file, std::size_t line, std::string field, const std::string& message);

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  const std::string& field() const { return field_; }

 private:
  std::string file_;
  std::size_t line_;
  std::string field_;
};

// The store could not be read or written. Exit code 3.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A material text that does not parse; `column` is 1-based. Wrapped into InputError by callers
// that know the file and line.
class MaterialParseError : public std::runtime_error {
 public:
  MaterialParseError(std::string text, std::size_t column, const std::string& message);

  const std::string& text() const { return text_; }
  std::size_t column() const { return column_; }

 private:
  std::string text_;
  std::size_t column_;
};

}  // namespace egkb
