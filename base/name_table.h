// The names of an enum's values, each written once: a table beside the enum that parsing
// (named), printing (name), and the help and error texts that list the choices (names, listed)
// all read. A new value is a row of its enum's table.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace egkb {

// A value and its name; `help`, where a help text lists the choices, what the value means.
template <typename E>
struct Named {
  E value;
  std::string_view name;
  std::string_view help = {};
};

// "a, b or c": each item as `text(item)` words it, as a sentence lists them.
template <typename Range, typename Text>
std::string listed(const Range& items, Text&& text) {
  std::string list;
  const auto n = static_cast<std::size_t>(std::distance(std::begin(items), std::end(items)));
  std::size_t i = 0;
  for (const auto& item : items) {
    if (i > 0) list += i + 1 < n ? ", " : " or ";
    list += text(item);
    ++i;
  }
  return list;
}

// Rows of Named<E>, or of a type derived from it that carries more columns (reducer/methods.h),
// in the order help texts and messages list them.
template <typename Row, std::size_t N>
class NameTable {
 public:
  using Value = decltype(Row::value);

  constexpr explicit NameTable(const std::array<Row, N>& rows) : rows_(rows) {}

  // Every value of the enum has a row; one without is a bug (an empty name in a release build).
  constexpr const Row* find(Value v) const {
    for (const Row& row : rows_) {
      if (row.value == v) return &row;
    }
    return nullptr;
  }
  constexpr std::string_view name(Value v) const {
    const Row* row = find(v);
    assert(row != nullptr);
    return row == nullptr ? std::string_view() : row->name;
  }
  constexpr std::optional<Value> named(std::string_view name) const {
    for (const Row& row : rows_) {
      if (row.name == name) return row.value;
    }
    return std::nullopt;
  }

  // The values in the table's order.
  constexpr std::array<Value, N> values() const {
    std::array<Value, N> values{};
    for (std::size_t i = 0; i < N; ++i) values[i] = rows_[i].value;
    return values;
  }
  // The names in the table's order: the choices an option accepts.
  std::vector<std::string> names() const {
    std::vector<std::string> names;
    for (const Row& row : rows_) names.emplace_back(row.name);
    return names;
  }
  // "a, b or c": each row as `text(row)` words it, as a sentence lists them.
  template <typename Text>
  std::string listed(Text&& text) const {
    return egkb::listed(rows_, text);
  }
  std::string listed() const {
    return listed([](const Row& row) { return row.name; });
  }

  constexpr std::size_t size() const { return N; }
  constexpr auto begin() const { return rows_.begin(); }
  constexpr auto end() const { return rows_.end(); }

 private:
  std::array<Row, N> rows_;
};

// name_table<Design>({{Design::DistanceK, "distance-k"}, ...}): the row count from the list. Two
// rows with one value or one name do not compile (the throw ends the constant evaluation).
template <typename E, typename Row = Named<E>, std::size_t N>
constexpr NameTable<Row, N> name_table(const Row (&rows)[N]) {
  for (std::size_t i = 0; i < N; ++i) {
    for (std::size_t j = i + 1; j < N; ++j) {
      if (rows[i].value == rows[j].value || rows[i].name == rows[j].name)
        throw std::logic_error("two rows of a name table share a value or a name");
    }
  }
  return NameTable<Row, N>(std::to_array(rows));
}

}  // namespace egkb
