// An engine's score as one whole number, as evidence rows keep it (store/evidence.h): centipawns
// as they are, a mate in n as +-(kMateCode - |n|), a side with no move (mate 0) as -kMateCode.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/uci_engine.h"

namespace egkb {

constexpr int32_t kMateCode = 1000000;

int32_t score_code(const EngineScore& score);
EngineScore score_of_code(int32_t code);

std::vector<int32_t> score_codes(std::span<const EngineScore> scores);
std::vector<EngineScore> scores_of_codes(std::span<const int32_t> codes);

}  // namespace egkb
