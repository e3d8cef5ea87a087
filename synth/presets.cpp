#include "synth/presets.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "base/errors.h"
#include "lattice/material.h"
#include "synth/side_counts.h"

namespace egkb {

namespace {

const PieceSet& xq() {
  return PieceSet::xiangqi();
}

// Counts of one side's material, by the xiangqi kind order R N C P G M.
struct SideView {
  int rook, horse, cannon, pawn;
  int attackers() const { return rook + horse + cannon + pawn; }
};

SideView side_view(const Material& m, Side s) {
  const SideCounts c = side_counts(m, s);
  return {c[kRook], c[kHorse], c[kCannon], c[kPawn]};
}

using SidePredicate = std::function<bool(const SideView& strong, const SideView& weak)>;

// A base is every material where one side (either) is `strong` and the other `weak`.
std::vector<char> base_set(const SidePredicate& holds) {
  std::vector<char> in(xq().key_count());
  for (Key k = 0; k < in.size(); ++k) {
    const Material m = material_of(k, xq());
    const SideView red = side_view(m, Side::Red), black = side_view(m, Side::Black);
    in[k] = holds(red, black) || holds(black, red);
  }
  return in;
}

// The materials one piece away from the base (added or removed) that are not in it.
std::vector<char> extension_of(const std::vector<char>& base) {
  std::vector<char> out(base.size());
  for (Key k = 0; k < base.size(); ++k) {
    if (!base[k]) continue;
    xq().for_each_step(k, [&](Key near, PieceStep) {
      if (!base[near]) out[near] = 1;
    });
  }
  return out;
}

// The paper's hand-made bases: END65, the large one of up to two attackers a side; END60, rook
// and pawns against a bare defence; END50, a horse or cannon with pawns against a bare defence.
std::vector<char> manual_base(std::string_view name) {
  if (name == "end65") {
    return base_set([](const SideView& a, const SideView& b) {
      return a.attackers() <= 2 && b.attackers() <= 2;
    });
  }
  if (name == "end60") {
    return base_set([](const SideView& a, const SideView& b) {
      return a.rook == 1 && a.horse == 0 && a.cannon == 0 && a.pawn <= 2 && b.attackers() == 0;
    });
  }
  return base_set([](const SideView& a, const SideView& b) {
    return a.rook == 0 && a.horse + a.cannon == 1 && a.pawn >= 1 && a.pawn <= 3 &&
           b.attackers() == 0;
  });
}

std::vector<PresetMaterial> collect(const std::vector<char>& manual,
                                    const std::vector<char>& generated) {
  std::vector<PresetMaterial> rows;
  for (Key k = 0; k < manual.size(); ++k) {
    if (manual[k]) {
      rows.push_back({k, Source::Manual});
    } else if (generated[k]) {
      rows.push_back({k, Source::Generated});
    }
  }
  return rows;
}

}  // namespace

const std::vector<std::string_view>& preset_names() {
  static const std::vector<std::string_view> names = {"end65", "end64", "end60",  "end59",
                                                      "end50", "end49", "endall", "full"};
  return names;
}

std::vector<PresetMaterial> preset_materials(std::string_view name) {
  const std::vector<char> none(xq().key_count());
  if (name == "end65" || name == "end60" || name == "end50")
    return collect(manual_base(name), none);
  if (name == "end64" || name == "end59" || name == "end49") {
    const std::string base = fmt::format("end{}", name == "end64" ? 65 : name == "end59" ? 60 : 50);
    return collect(none, extension_of(manual_base(base)));
  }
  if (name == "endall") {
    std::vector<char> manual(none.size()), generated(none.size());
    for (const char* base : {"end65", "end60", "end50"}) {
      const std::vector<char> in = manual_base(base);
      const std::vector<char> ext = extension_of(in);
      for (Key k = 0; k < in.size(); ++k) {
        manual[k] |= in[k];
        generated[k] |= ext[k];
      }
    }
    return collect(manual, generated);
  }
  if (name == "full") return collect(none, std::vector<char>(none.size(), 1));
  throw InputError("", 0, "preset",
                   fmt::format("unknown preset '{}'; expected one of {}", name,
                               fmt::join(preset_names(), ", ")));
}

}  // namespace egkb
