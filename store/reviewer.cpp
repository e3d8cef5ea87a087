#include "store/reviewer.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

bool is_reviewer_name(std::string_view name) {
  return !name.empty() && is_plain_text(name, kMaxReviewerName);
}

bool is_note(std::string_view note) {
  // Lines and tabs are part of a note; is_plain_text() judges the rest of it.
  std::string rest(note);
  std::replace_if(
      rest.begin(), rest.end(), [](char c) { return c == '\n' || c == '\t'; }, ' ');
  std::erase(rest, '\r');
  return is_plain_text(rest, kMaxNote);
}

std::string checked_reviewer(std::string_view name, const std::string& field) {
  if (name.empty()) throw InputError("", 0, field, "a name is required");
  if (!is_reviewer_name(name)) {
    throw InputError("", 0, field,
                     fmt::format("{} is not a name: 1 to {} characters, none of them a control "
                                 "character",
                                 in_quotes(name), kMaxReviewerName));
  }
  return std::string(name);
}

std::string checked_note(std::string_view note, const std::string& field) {
  if (!is_note(note)) {
    throw InputError("", 0, field,
                     fmt::format("{} is not a note: up to {} characters of text, with no control "
                                 "character but line breaks and tabs",
                                 in_quotes(note), kMaxNote));
  }
  return std::string(note);
}

}  // namespace egkb
