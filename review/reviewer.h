// Who gave a verdict: one rule for reviewer names, wherever a name comes in (the command line,
// the review app).
#pragma once

#include <string>
#include <string_view>

namespace egkb {

constexpr std::size_t kMaxReviewerName = 100;

// `name` when it is a reviewer's name: 1 to 100 characters of UTF-8 that a terminal shows as
// they are (no control characters, no bidirectional overrides). Throws InputError naming
// `field` (where the name came from: "--reviewer", "reviewer") otherwise.
std::string checked_reviewer(std::string_view name, const std::string& field);

}  // namespace egkb
