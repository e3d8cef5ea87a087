#include "lattice/types.h"

#include <array>

namespace egkb {

std::string_view score_meaning(Score s) {
  static constexpr std::array<std::string_view, 10> kMeaning = {
      "red wins",
      "red wins in most cases",
      "red has a clear advantage",
      "red has a slight advantage",
      "either side can win",
      "almost a draw",
      "black has a slight advantage",
      "black has a clear advantage",
      "black wins in most cases",
      "black wins",
  };
  return kMeaning.at(static_cast<size_t>(value(s)));
}

std::string_view source_name(Source s) {
  switch (s) {
    case Source::Manual:
      return "manual";
    case Source::Generated:
      return "generated";
    case Source::Expert:
      return "expert";
  }
  return "unknown";
}

std::optional<Source> source_named(std::string_view name) {
  for (Source s : {Source::Manual, Source::Generated, Source::Expert}) {
    if (name == source_name(s)) return s;
  }
  return std::nullopt;
}

}  // namespace egkb
