#include "store/created_states.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace egkb {

namespace {

constexpr uint8_t kInvariable = 1u << 6;
constexpr uint8_t kWeighted = 1u << 7;

}  // namespace

std::string encode_created(std::vector<CreatedState> states) {
  std::sort(states.begin(), states.end(),
            [](const CreatedState& a, const CreatedState& b) { return a.first < b.first; });
  std::string bytes;
  bytes.reserve(states.size() * 3);
  Key previous = 0;
  for (const auto& [key, state] : states) {
    for (uint64_t gap = key - previous;; gap >>= 7) {
      const auto low = static_cast<uint8_t>(gap & 0x7F);
      if (gap < 0x80) {
        bytes.push_back(static_cast<char>(low));
        break;
      }
      bytes.push_back(static_cast<char>(low | 0x80));
    }
    previous = key;
    auto flags =
        static_cast<uint8_t>(value(state.score) | (static_cast<uint8_t>(state.source) << 4) |
                             (state.invariable ? kInvariable : 0) | (state.weight ? kWeighted : 0));
    bytes.push_back(static_cast<char>(flags));
    if (state.weight) {
      const auto bits = std::bit_cast<uint64_t>(*state.weight);
      for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
    }
  }
  return bytes;
}

std::optional<std::vector<CreatedState>> decode_created(std::string_view bytes, int64_t count,
                                                        uint64_t key_count) {
  if (count < 0) return std::nullopt;
  std::vector<CreatedState> states;
  states.reserve(static_cast<std::size_t>(std::min<int64_t>(count, 1 << 24)));
  std::size_t at = 0;
  uint64_t key = 0;
  const auto byte = [&]() -> std::optional<uint8_t> {
    if (at >= bytes.size()) return std::nullopt;
    return static_cast<uint8_t>(bytes[at++]);
  };
  for (int64_t i = 0; i < count; ++i) {
    uint64_t gap = 0;
    for (int shift = 0;; shift += 7) {
      const auto b = byte();
      if (!b || shift > 56) return std::nullopt;
      gap |= static_cast<uint64_t>(*b & 0x7F) << shift;
      if ((*b & 0x80) == 0) break;
    }
    // Keys strictly increase, but the first may be 0.
    if ((i > 0 && gap == 0) || gap >= key_count - key) return std::nullopt;
    key += gap;
    const auto flags = byte();
    if (!flags) return std::nullopt;
    NodeState state;
    const int score = *flags & 0x0F;
    const int source = (*flags >> 4) & 0x03;
    if (score > kMaxScore) return std::nullopt;
    state.score = Score(score);
    state.source = static_cast<Source>(source);
    state.invariable = (*flags & kInvariable) != 0;
    if (state.source == Source::Solved && !state.invariable) return std::nullopt;
    if (*flags & kWeighted) {
      uint64_t bits = 0;
      for (int b = 0; b < 8; ++b) {
        const auto part = byte();
        if (!part) return std::nullopt;
        bits |= static_cast<uint64_t>(*part) << (8 * b);
      }
      const double weight = std::bit_cast<double>(bits);
      if (!std::isfinite(weight) || weight <= 0) return std::nullopt;
      state.weight = weight;
    }
    states.emplace_back(static_cast<Key>(key), state);
  }
  if (at != bytes.size()) return std::nullopt;
  return states;
}

}  // namespace egkb
