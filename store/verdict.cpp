#include "store/verdict.h"

#include "base/text.h"

namespace egkb {

std::optional<Verdict> Verdict::parse(std::string_view text) {
  if (text.size() == 1 && text[0] >= '0' && text[0] <= '9') return of(Score(text[0] - '0'));
  if (lowercase(text) == "ok") return ok();
  return std::nullopt;
}

std::string Verdict::text() const {
  return score_ ? std::string(1, static_cast<char>('0' + value(*score_))) : "ok";
}

}  // namespace egkb
