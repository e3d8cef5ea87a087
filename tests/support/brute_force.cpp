#include "tests/support/brute_force.h"

#include <cmath>
#include <cstdlib>

#include "lattice/material.h"

namespace egkb::test {

namespace {

struct Node {
  Material material;
  int rank;
  bool stored;
};

// Which side gains one piece from a to b, or -1 if they are not exactly one piece apart.
int one_piece_added(const Material& a, const Material& b, int kinds) {
  int side_added = -1;
  int diff = 0;
  for (int s = 0; s < 2; ++s) {
    for (PieceKind k : KindRange(kinds)) {
      const int d = b.count(static_cast<Side>(s), k) - a.count(static_cast<Side>(s), k);
      if (d == 0) continue;
      if (d != 1) return -1;
      side_added = s;
      ++diff;
    }
  }
  return diff == 1 ? side_added : -1;
}

}  // namespace

BruteForceResult brute_force_conflicts(const KnowledgeBase& kb) {
  const PieceSet& pieces = *kb.pieces;
  std::map<Key, Node> nodes;
  for (const KbRow& row : kb.rows) {
    const int r = value(row.score) <= 4 ? value(row.score) : value(row.score) - 1;
    nodes[row.key] = {material_of(row.key, pieces), r, true};
  }
  for (const KbRow& row : kb.rows) {
    const Material m = mirror(material_of(row.key, pieces));
    const Key k = key_of(m, pieces);
    if (nodes.count(k) == 0) nodes[k] = {m, 8 - nodes[row.key].rank, false};
  }
  BruteForceResult r;
  for (const auto& [ka, a] : nodes) {
    r.inconsistent[ka] += 0;
    r.neighbours[ka] += 0;
    for (const auto& [kb_, b] : nodes) {
      const int side = one_piece_added(a.material, b.material, pieces.kind_count());
      if (side < 0) continue;
      ++r.edges;
      ++r.neighbours[ka];
      ++r.neighbours[kb_];
      // Red gains a piece: b may not be worse for red (higher rank); black: not lower.
      const bool bad = side == 0 ? b.rank > a.rank : b.rank < a.rank;
      if (!bad) continue;
      ++r.inconsistent_edges;
      ++r.inconsistent[ka];
      ++r.inconsistent[kb_];
    }
    const Key km = key_of(mirror(a.material), pieces);
    if (km == ka) {
      ++r.neighbours[ka];
      if (a.rank != 4) {
        ++r.mirror_conflicts;
        ++r.inconsistent[ka];
      }
    } else if (a.stored && nodes.at(km).stored) {
      ++r.neighbours[ka];
      if (a.rank + nodes.at(km).rank != 8) {
        if (ka < km) ++r.mirror_conflicts;
        ++r.inconsistent[ka];
      }
    }
  }
  for (const auto& [k, bad] : r.inconsistent) {
    if (bad == 0) continue;
    const double pct = 100.0 * bad / r.neighbours[k];
    const int level = static_cast<int>(std::ceil(pct / 10.0 - 1e-9)) - 1;
    ++r.levels[static_cast<std::size_t>(level)];
    r.corrected_score += uint64_t{1} << level;
  }
  return r;
}

}  // namespace egkb::test
