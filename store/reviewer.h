// Who gave a verdict and what they wrote with it: one rule for reviewer names and one for notes,
// wherever they come in (the command line, a sheet, the review app) and when the store gives
// them back (a value the rule refuses is damage there, store/query.h).
#pragma once

#include <string>
#include <string_view>

namespace egkb {

constexpr std::size_t kMaxReviewerName = 100;
constexpr std::size_t kMaxNote = 2000;

// Whether `name` is a reviewer's name: 1 to 100 characters of UTF-8 that a terminal shows as
// they are (no control characters, no bidirectional overrides).
bool is_reviewer_name(std::string_view name);

// Whether `note` is a note a reviewer may keep with a verdict: up to 2000 characters of UTF-8
// text, lines and tabs allowed, no other control character.
bool is_note(std::string_view note);

// `name` when it is a reviewer's name; throws InputError naming `field` (where the name came
// from: "--reviewer", "reviewer") otherwise.
std::string checked_reviewer(std::string_view name, const std::string& field);

// `note` when it is a note; throws InputError naming `field` otherwise.
std::string checked_note(std::string_view note, const std::string& field);

}  // namespace egkb
