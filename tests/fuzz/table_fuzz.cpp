// libFuzzer target: any bytes as an engine table, and as a material's text and a FEN for the
// C lookups. Either the table is read whole and every probe answers 0..9 or unknown, or
// InputError names the field; the text and the FEN are read to counts within the game's limits
// or refused; anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/errors.h"
#include "export/engine_table.h"
#include "io/csv.h"
#include "lattice/material.h"
#include "probe/table_lookup.h"

namespace {

// A small table of each game, built once.
const egkb::EngineTable& small_table(const egkb::PieceSet& pieces) {
  static const egkb::EngineTable xiangqi = egkb::EngineTable::of(
      egkb::ScoredLattice::of(egkb::parse_csv("material,score\nKRK,0\nKRKN,1\n", "x.csv", {})),
      false);
  static const egkb::EngineTable chess = egkb::EngineTable::of(
      egkb::ScoredLattice::of(egkb::parse_csv("material,score\nKRvK,0\nKQvKR,1\n", "c.csv", {})),
      false);
  return &pieces == &egkb::PieceSet::chess() ? chess : xiangqi;
}

void probe_text(const std::string& text) {
  for (const egkb::PieceSet* pieces : {&egkb::PieceSet::xiangqi(), &egkb::PieceSet::chess()}) {
    const egkb_lookup_table& t = small_table(*pieces).lookup();
    int first[EGKB_LOOKUP_KINDS], second[EGKB_LOOKUP_KINDS];
    for (const bool fen : {false, true}) {
      const int read = fen ? egkb_lookup_counts_of_fen(t.pieces, text.c_str(), first, second)
                           : egkb_lookup_counts_of_material(t.pieces, text.c_str(), first, second);
      if (read != 0) continue;
      for (int k = 0; k < t.pieces->kinds; ++k) {
        if (first[k] < 0 || first[k] > t.pieces->most[k] || second[k] < 0 ||
            second[k] > t.pieces->most[k])
          __builtin_trap();
      }
      const uint64_t key = egkb_lookup_key_of_counts(&t, first, second);
      const int score = egkb_lookup_probe_key(&t, key);
      if (key == EGKB_LOOKUP_NO_KEY || score != egkb_lookup_probe_counts(&t, first, second) ||
          score < -1 || score > 9)
        __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  probe_text(std::string(bytes.substr(0, bytes.find('\0'))));
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
