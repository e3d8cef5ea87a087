#include "solve/materials.h"

#include <algorithm>
#include <map>
#include <set>

#include "solve/position_index.h"

namespace egkb::solve {

namespace {

using xiangqi::Kind;

const PieceSet& xq() {
  return PieceSet::xiangqi();
}

int side_pieces(const Material& m, Side s) {
  int n = 1;
  for (PieceKind k : xq().kinds()) n += m.count(s, k);
  return n;
}

}  // namespace

int attackers(const Material& m, Side s) {
  int n = 0;
  for (PieceKind k : xq().kinds()) {
    if (xiangqi::is_attacker(xiangqi::kind_of(k))) n += m.count(s, k);
  }
  return n;
}

std::string material_text(const Material& m) {
  return format_material(m, xq());
}

int piece_count(const Material& m) {
  return side_pieces(m, Side::Red) + side_pieces(m, Side::Black);
}

bool capture_possible(const Material& m, Side s, Kind k) {
  if (k == Kind::king || m.count(s, xiangqi::piece_kind_of(k)) == 0) return false;
  return xiangqi::is_attacker(k) || attackers(m, opposite(s)) > 0;
}

std::vector<Material> materials_captures_reach(const Material& m) {
  std::vector<Material> out;
  for (Side s : {Side::Red, Side::Black}) {
    for (PieceKind k : xq().kinds()) {
      if (!capture_possible(m, s, xiangqi::kind_of(k))) continue;
      Material sub = m;
      --sub.count(s, k);
      out.push_back(sub);
    }
  }
  return out;
}

std::vector<Material> solving_order(const std::vector<Material>& wanted) {
  std::map<std::string, Material> seen;
  std::vector<Material> stack(wanted.begin(), wanted.end());
  while (!stack.empty()) {
    const Material m = stack.back();
    stack.pop_back();
    if (!seen.emplace(material_text(m), m).second) continue;
    for (const Material& sub : materials_captures_reach(m)) stack.push_back(sub);
  }
  std::vector<Material> order;
  for (const auto& [text, m] : seen) order.push_back(m);
  // A capture takes a piece off, so fewer pieces first puts every target before its sources.
  std::stable_sort(order.begin(), order.end(), [](const Material& a, const Material& b) {
    return piece_count(a) < piece_count(b);
  });
  return order;
}

uint64_t positions_of(const Material& m) {
  // The index leaves out the mirror of 36 of the 81 king pairs.
  return 2 * PositionIndex::size_of(m) / kKingPairs * 81;
}

Material stored_orientation(const Material& m) {
  const Material mm = mirror(m);
  if (attackers(m, Side::Red) != attackers(mm, Side::Red)) {
    return attackers(m, Side::Red) > attackers(mm, Side::Red) ? m : mm;
  }
  if (side_pieces(m, Side::Red) != side_pieces(mm, Side::Red)) {
    return side_pieces(m, Side::Red) > side_pieces(mm, Side::Red) ? m : mm;
  }
  return material_text(m) <= material_text(mm) ? m : mm;
}

std::vector<Material> one_sided_grid(uint64_t max_positions) {
  // Texts in K R N C P G M order already: red's attackers, red's defenders, K, black's.
  const std::vector<std::string> one = {"R", "N", "C", "P"};
  const std::vector<std::string> two = {"RR", "RN", "RC", "RP", "NN", "NC", "NP", "CC", "CP", "PP"};
  const std::vector<std::string> black_all = {"", "G", "M", "GG", "GM", "MM", "GGM", "GMM", "GGMM"};
  std::vector<std::string> texts;
  // The heart of it: one or two attackers against every set of black defenders.
  for (const auto* attack : {&one, &two}) {
    for (const std::string& a : *attack) {
      for (const std::string& b : black_all) texts.push_back("K" + a + "K" + b);
    }
  }
  // Red's own guards and ministers defend nothing here (black cannot attack) but stand in their
  // king's way, screen a cannon, block a horse's leg: a few sets, where they are cheap.
  for (const std::string& a : one) {
    for (const char* r : {"G", "M", "GG", "MM", "GGMM"}) {
      for (const char* b : {"", "GG", "MM", "GGMM"}) texts.push_back("K" + a + r + "K" + b);
    }
  }
  for (const std::string& a : two) {
    for (const char* r : {"G", "M"}) {
      for (const char* b : {"", "GG", "MM"}) texts.push_back("K" + a + r + "K" + b);
    }
  }
  std::vector<Material> grid;
  for (const std::string& text : texts) {
    const Material m = parse_material(text, xq());
    if (positions_of(m) <= max_positions) grid.push_back(m);
  }
  // The materials without an attacker the grid's captures reach come free and are kept.
  std::set<std::string> listed;
  for (const Material& m : grid) listed.insert(material_text(m));
  std::vector<Material> out = grid;
  for (const Material& m : solving_order(grid)) {
    if (attackers(m, Side::Red) + attackers(m, Side::Black) > 0) continue;
    const Material stored = stored_orientation(m);
    if (listed.insert(material_text(stored)).second) out.push_back(stored);
  }
  return out;
}

}  // namespace egkb::solve
