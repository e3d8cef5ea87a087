// The small value types the rest of egkb speaks in: sides, scores, ranks, keys and node ids.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "base/name_table.h"

namespace egkb {

// The side that moves first in the text of a material (red in xiangqi, white in chess) and the
// other; each piece set names them (PieceSet::side_name).
enum class Side : uint8_t { Red = 0, Black = 1 };

constexpr Side opposite(Side s) {
  return s == Side::Red ? Side::Black : Side::Red;
}

// An expert's 0..9 judgement from red's side (0 = red wins, 9 = black wins).
enum class Score : uint8_t {};
// The class a score belongs to: scores 4 and 5 share rank 4, so ranks run 0..8.
enum class Rank : uint8_t {};

constexpr int kMaxScore = 9;
constexpr int kMaxRank = 8;
constexpr Rank kBalancedRank{4};

constexpr int value(Score s) {
  return static_cast<int>(s);
}
constexpr int value(Rank r) {
  return static_cast<int>(r);
}

// The one place where scores become ranks and back.
constexpr Rank rank_of(Score s) {
  return Rank(value(s) <= 4 ? value(s) : value(s) - 1);
}

// Rank to score keeps the old score where the rank did not decide it (4 versus 5).
constexpr Score score_of(Rank r, Score old) {
  if (value(r) < 4) return Score(value(r));
  if (value(r) > 4) return Score(value(r) + 1);
  if (value(old) == 4 || value(old) == 5) return old;
  return Score(value(old) < 4 ? 4 : 5);
}

constexpr Score mirror(Score s) {
  return Score(kMaxScore - value(s));
}
constexpr Rank mirror(Rank r) {
  return Rank(kMaxRank - value(r));
}

// How many ranks apart two are.
constexpr int distance(Rank a, Rank b) {
  return value(a) < value(b) ? value(b) - value(a) : value(a) - value(b);
}

constexpr int kRankCount = kMaxRank + 1;

// Every rank, lowest first: the values a node may take.
constexpr std::array<Rank, kRankCount> kAllRanks = {Rank{0}, Rank{1}, Rank{2}, Rank{3}, Rank{4},
                                                    Rank{5}, Rank{6}, Rank{7}, Rank{8}};

// An array indexed by a small enum (Rank, PieceKind) itself, so that no use casts it to size_t.
template <typename Index, typename T, std::size_t N>
struct EnumArray {
  std::array<T, N> values{};

  constexpr T& operator[](Index i) { return values[static_cast<std::size_t>(i)]; }
  constexpr const T& operator[](Index i) const { return values[static_cast<std::size_t>(i)]; }
  constexpr void fill(const T& v) { values.fill(v); }
  friend bool operator==(const EnumArray&, const EnumArray&) = default;
};

// A value for every rank: what each value a node may take costs, changes or counts.
template <typename T>
using ByRank = EnumArray<Rank, T, kRankCount>;

// A material's position in the mixed-radix enumeration of its piece set.
using Key = uint64_t;
// A dense index of a node inside one lattice.
using NodeId = uint32_t;

// Where a knowledge-base row came from; decides its default weight and whether it may change.
// A solved row's score was computed from its material's exact win/draw/loss counts
// (lattice/solved.h): it is invariable, and nothing but another solve changes it.
enum class Source : uint8_t { Manual, Generated, Expert, Solved };

// What the CSV's source column and the store's nodes hold.
inline constexpr auto kSources = name_table<Source>({
    {Source::Manual, "manual"},
    {Source::Generated, "generated"},
    {Source::Expert, "expert"},
    {Source::Solved, "solved"},
});

constexpr std::string_view source_name(Source s) {
  return kSources.name(s);
}
// Its place in Manual, Generated, Expert, Solved: where a per-source count is kept.
constexpr std::size_t source_index(Source s) {
  return static_cast<std::size_t>(s);
}
constexpr std::optional<Source> source_named(std::string_view name) {
  return kSources.named(name);
}

// Whether a value is one of its type's: the enums hold any byte, so a value cast from an unchecked
// integer may not be (docs/development.md, "Contracts").
constexpr bool is_ok(Score s) {
  return value(s) <= kMaxScore;
}
constexpr bool is_ok(Rank r) {
  return value(r) <= kMaxRank;
}
constexpr bool is_ok(Source s) {
  return s == Source::Manual || s == Source::Generated || s == Source::Expert ||
         s == Source::Solved;
}

}  // namespace egkb
