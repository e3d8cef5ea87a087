// libFuzzer target: any bytes as a knowledge-base CSV. Either rows come back or InputError
// names the place; anything else (a crash, another exception, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/errors.h"
#include "io/csv.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const egkb::PieceSet* pieces : {&egkb::PieceSet::xiangqi(), &egkb::PieceSet::chess()}) {
    egkb::CsvOptions options;
    options.pieces = pieces;
    options.on_duplicate = size % 2 ? egkb::DuplicatePolicy::Last : egkb::DuplicatePolicy::Error;
    try {
      const egkb::KnowledgeBase kb = egkb::parse_csv(text, "fuzz.csv", options);
      for (const egkb::KbRow& row : kb.rows) {
        if (row.key >= pieces->key_count() || egkb::value(row.score) > egkb::kMaxScore)
          __builtin_trap();
      }
    } catch (const egkb::InputError&) {
    }
  }
  return 0;
}
