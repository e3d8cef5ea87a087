// libFuzzer target: any bytes as an engine table. Either the table is read whole and every
// probe answers 0..9 or unknown, or InputError names the field; anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/errors.h"
#include "export/engine_table.h"
#include "lattice/material.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    const egkb::EngineTable table =
        egkb::EngineTable::read(egkb::ByteSource::memory(bytes, "fuzz.egkb"));
    for (const char* text : {"KRK", "KK", "KRvK", "KQQvKRR"}) {
      egkb::Material m;
      try {
        m = egkb::parse_material(text, table.pieces());
      } catch (const egkb::MaterialParseError&) {
        continue;
      }
      if (const auto score = table.probe(m); score && egkb::value(*score) > egkb::kMaxScore)
        __builtin_trap();
    }
  } catch (const egkb::InputError&) {
  }
  return 0;
}
