// One exception type per kind of failure, thrown where detected, caught once in cli/ and mapped
// to an exit code: InputError 2, IoError (and StoreError) 3; anything else is a bug (exit 4).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace egkb {

// Bad input from the user: a file, a row, an argument. Exit code 2.
class InputError : public std::runtime_error {
 public:
  // `line` 0 means the error concerns the whole file or an argument, not a line. `choice`
  // names, in words, the choice a user can make to have the input accepted anyway ("partial
  // sheet"); the command line says which option makes it.
  InputError(std::string file, std::size_t line, std::string field, const std::string& message,
             std::string choice = "");

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  const std::string& field() const { return field_; }
  const std::string& choice() const { return choice_; }

 private:
  std::string file_;
  std::size_t line_;
  std::string field_;
  std::string choice_;
};

// A file could not be read or written. Exit code 3.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  // "path: message", the path shown as path_text() shows it.
  IoError(const std::string& path, const std::string& message);
};

// The store could not be read or written, or holds rows egkb never writes. Exit code 3.
class StoreError : public IoError {
 public:
  using IoError::IoError;
};

// Another egkb command wrote the store after this one read it, or held it longer than the
// bounded wait: nothing was written and running the command again is the remedy. Exit code 3.
class StoreConflict : public StoreError {
 public:
  using StoreError::StoreError;
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
