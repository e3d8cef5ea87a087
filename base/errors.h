// One exception type per kind of failure, thrown where detected, caught once in cli/ and mapped
// to an exit code: InputError 2, IoError (and StoreError) 3; anything else is a bug (exit 4).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "base/name_table.h"

namespace egkb {

// What a user can do to have refused input accepted anyway, or (Submitted) why it can no longer
// be: the command line names its option, the review app's API its name (choice_name).
enum class Choice : uint8_t {
  None,
  Partial,              // a sheet that lacks some of its batch's rows
  AcceptStale,          // verdicts on rows changed since they were drawn
  Replace,              // a batch imported already, or a newer expert verdict
  Duplicate,            // a material listed twice with different states
  AcceptDisagreements,  // answers other reviewers gave otherwise
  Submitted,            // the batch's verdicts are imported: take them back first
};

inline constexpr auto kChoices = name_table<Choice>({
    {Choice::None, ""},
    {Choice::Partial, "partial"},
    {Choice::AcceptStale, "accept stale"},
    {Choice::Replace, "replace"},
    {Choice::Duplicate, "duplicate"},
    {Choice::AcceptDisagreements, "accept disagreements"},
    {Choice::Submitted, "submitted"},
});

// "partial", "accept stale", ...; "" for None.
constexpr std::string_view choice_name(Choice choice) {
  return kChoices.name(choice);
}

// Bad input from the user: a file, a row, an argument. Exit code 2.
class InputError : public std::runtime_error {
 public:
  // `line` 0 means the error concerns the whole file or an argument, not a line.
  InputError(std::string file, std::size_t line, std::string field, const std::string& message,
             Choice choice = Choice::None);

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  const std::string& field() const { return field_; }
  Choice choice() const { return choice_; }
  // The message without the file, line and field what() leads with.
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  std::string message_;
  std::size_t line_;
  std::string field_;
  Choice choice_;
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

// This process may not write the store (the file, its folder or its journal files): a store
// installed read-only, or another user's. Reading it works; nothing was written. Exit code 3.
class StoreReadOnly : public StoreError {
 public:
  using StoreError::StoreError;
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
