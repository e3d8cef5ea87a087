// The first states of the nodes one run created, kept as one value per run instead of a
// history row per node (schema 9): an import of 2.1M rows then costs about what inserting its
// nodes does. The history still replays to the nodes: a run's created states come first, then
// its history rows (docs/formats.md, "History").
//
// Encoding, the nodes in increasing key order: the key's distance from the previous one (from 0
// for the first) as a LEB128 varint, then one byte: the score in bits 0-3, the source in bits 4-5
// (0 manual, 1 generated, 2 expert, 3 solved: always invariable), the invariable flag in bit 6,
// and in bit 7 whether a weight follows as 8 bytes of a little-endian IEEE double.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/node_state.h"

namespace egkb {

using CreatedState = std::pair<Key, NodeState>;

// Encodes `states`, sorting them by key first.
std::string encode_created(std::vector<CreatedState> states);

// The states back, in key order; nullopt when `bytes` is not such an encoding of `count` states
// with keys below `key_count`.
std::optional<std::vector<CreatedState>> decode_created(std::string_view bytes, int64_t count,
                                                        uint64_t key_count);

}  // namespace egkb
