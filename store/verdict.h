// A reviewer's verdict on a drawn row: a score 0..9, or ok: the score the row had when drawn is
// right. Written "0".."9" or "ok" in sheets, drafts and the review app, and read by one parser.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "lattice/types.h"

namespace egkb {

class Verdict {
 public:
  static Verdict ok() { return Verdict(std::nullopt); }
  static Verdict of(Score score) { return Verdict(score); }
  // One digit, or ok in any case (a spreadsheet may write OK); nullopt for anything else.
  static std::optional<Verdict> parse(std::string_view text);

  bool is_ok() const { return !score_; }
  // The score the verdict stands for, given the score the row had when drawn.
  Score score_given(Score drawn) const { return score_.value_or(drawn); }
  // "0".."9" or "ok".
  std::string text() const;

  friend bool operator==(const Verdict&, const Verdict&) = default;

 private:
  explicit Verdict(std::optional<Score> score) : score_(score) {}
  std::optional<Score> score_;
};

}  // namespace egkb
