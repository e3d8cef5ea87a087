// The store's row ids as distinct types: a run's id cannot stand where a batch's belongs. They
// print and go into JSON as their numbers.
#pragma once

#include <fmt/format.h>

#include <compare>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace egkb {

template <typename Tag>
struct Id {
  int64_t value = 0;

  constexpr Id() = default;
  constexpr explicit Id(int64_t v) : value(v) {}
  // 0 stands for none (a run before schema 5 left no id).
  constexpr explicit operator bool() const { return value != 0; }
  friend constexpr auto operator<=>(const Id&, const Id&) = default;

  friend void to_json(nlohmann::json& j, const Id& id) { j = id.value; }
  friend void to_json(nlohmann::ordered_json& j, const Id& id) { j = id.value; }
};

using RunId = Id<struct RunTag>;
using BatchId = Id<struct BatchTag>;

}  // namespace egkb

template <typename Tag>
struct fmt::formatter<egkb::Id<Tag>> : fmt::formatter<int64_t> {
  template <typename Context>
  auto format(const egkb::Id<Tag>& id, Context& ctx) const {
    return fmt::formatter<int64_t>::format(id.value, ctx);
  }
};
