// libFuzzer target: any bytes as a filled review sheet. Either its verdicts come back or
// InputError names the lines; anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/errors.h"
#include "review/sheet_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const egkb::FilledSheet sheet =
        egkb::read_sheet(egkb::ByteSource::memory(text, "fuzz.csv"), egkb::PieceSet::xiangqi());
    if (sheet.batch.value <= 0) __builtin_trap();
    for (const egkb::SheetVerdict& row : sheet.rows) {
      if (egkb::value(row.verdict.score_given(egkb::Score{0})) > egkb::kMaxScore) __builtin_trap();
      if (egkb::Verdict::parse(row.verdict.text()) != row.verdict) __builtin_trap();
    }
  } catch (const egkb::InputError&) {
  }
  return 0;
}
