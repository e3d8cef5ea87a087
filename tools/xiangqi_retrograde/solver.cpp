#include "tools/xiangqi_retrograde/solver.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

namespace xiangqi_retrograde {

bool capture_possible(const Material& m, Colour c, Kind k) {
  if (m.of(c, k) == 0 || k == Kind::king) return false;
  return is_attacker(k) || m.attackers(opponent(c)) > 0;
}

std::vector<Material> materials_captures_reach(const Material& m) {
  std::vector<Material> out;
  for (Colour c : {Colour::red, Colour::black}) {
    for (int k = 1; k < kKinds; ++k) {
      if (!capture_possible(m, c, static_cast<Kind>(k))) continue;
      Material sub = m;
      --sub.of(c, static_cast<Kind>(k));
      out.push_back(sub);
    }
  }
  return out;
}

namespace {

constexpr uint64_t entry(uint64_t i, Colour c) {
  return i << 1 | static_cast<uint64_t>(index(c));
}

class RetrogradeSolver {
 public:
  RetrogradeSolver(Table& t, const SolvedLookup& solved, bool keep_plies)
      : t_(t), keep_plies_(keep_plies) {
    const Material& m = t.index.material();
    for (Colour c : {Colour::red, Colour::black}) {
      for (int k = 1; k < kKinds; ++k) {
        if (!capture_possible(m, c, static_cast<Kind>(k))) continue;
        Material sub = m;
        --sub.of(c, static_cast<Kind>(k));
        after_capture_[index(c)][k] = solved(sub);
        if (!after_capture_[index(c)][k]) {
          throw std::logic_error("solve " + material_text(m) + ": " + material_text(sub) +
                                 " is not solved");
        }
      }
    }
  }

  void run() {
    mark_legal_positions();
    count_moves();
    propagate();
    finish();
  }

 private:
  // Pass 1: which indices are positions, and legal with each side to move: no two pieces on a
  // square, the kings not facing, the side not to move not in check.
  void mark_legal_positions() {
    const uint64_t n = t_.index.size();
    for (auto& v : t_.value) v.assign(n, kIllegal);
    if (keep_plies_) {
      for (auto& p : t_.plies) p.assign(n, kNoPly);
    }
    Position p;
    for (uint64_t i = 0; i < n; ++i) {
      if (!t_.index.decode(i, p)) continue;
      const int rk = p.square[0], bk = p.square[1];
      if (kings_face(p, rk, bk)) continue;
      if (!attacked(p, bk, Colour::red)) t_.value[0][i] = kUndecided;
      if (!attacked(p, rk, Colour::black)) t_.value[1][i] = kUndecided;
    }
  }

  // The value, for the opponent to move, of the position after the piece `piece` takes on `to`.
  uint8_t value_after_capture(const Position& p, int piece, int to) const {
    const int taken = p.piece_at[to];
    const PieceGroup& tg = t_.index.group_of_piece(taken);
    const Table* sub = after_capture_[index(tg.colour)][index(tg.kind)];
    if (!sub)
      throw std::logic_error("a capture of " + std::string(1, kind_letter(tg.kind)) +
                             " nobody can take");
    std::array<PlacedPiece, kMostPieces> placed;
    int n = 0;
    for (int q = 0; q < p.pieces; ++q) {
      if (q == taken) continue;
      const PieceGroup& g = t_.index.group_of_piece(q);
      placed[n++] = PlacedPiece{g.colour, g.kind, q == piece ? to : p.square[q]};
    }
    // The side whose piece was taken moves next.
    return sub->value[index(tg.colour)][sub->index.encode(std::span(placed.data(), n))];
  }

  // Pass 2: for each legal position, its moves. A capture is looked up in the smaller material
  // at once; a move within the material is counted, to be taken off when its position is found
  // won for the opponent. A position is lost when the count reaches zero: no legal move at all
  // (mate and stalemate both lose in xiangqi) or every move wins for the opponent.
  void count_moves() {
    const uint64_t n = t_.index.size();
    Position p;
    for (uint64_t i = 0; i < n; ++i) {
      if (t_.value[0][i] == kIllegal && t_.value[1][i] == kIllegal) continue;
      t_.index.decode(i, p);
      for (Colour c : {Colour::red, Colour::black}) {
        uint8_t& v = t_.value[index(c)][i];
        if (v != kUndecided) continue;
        const std::vector<uint8_t>& next = t_.value[index(opponent(c))];
        int open = 0;       // moves not known to lose for the mover
        bool wins = false;  // a capture reaches a position lost for the opponent
        bool captures = false;
        for (int piece = 0; piece < p.pieces && !wins; ++piece) {
          if (t_.index.group_of_piece(piece).colour != c) continue;
          for_each_destination(p, p.square[piece], [&](int to) {
            if (p.cell[to] == kEmpty) {
              // Legal exactly when the position reached is legal with the opponent to move.
              if (next[t_.index.after_move(i, p, piece, to)] != kIllegal) ++open;
              return;
            }
            const uint8_t after = value_after_capture(p, piece, to);
            if (after == kIllegal) return;
            captures = true;
            if (after == kLoss) wins = true;
            if (after == kDraw) ++open;  // an exit to a draw: never taken off, never lost
          });
        }
        if (wins) {
          decide(i, c, kWin, 1);
        } else if (open == 0) {
          decide(i, c, kLoss, captures ? 1 : 0);
        } else {
          if (open > 255 - kUndecided) throw std::logic_error("more moves than a byte counts");
          v = static_cast<uint8_t>(kUndecided + open);
        }
      }
    }
  }

  void decide(uint64_t i, Colour c, Value v, int ply) {
    t_.value[index(c)][i] = v;
    if (keep_plies_) t_.plies[index(c)][i] = static_cast<uint8_t>(std::min(ply, kNoPly - 1));
    if (layers_.size() <= static_cast<size_t>(ply)) layers_.resize(ply + 1);
    layers_[ply].push_back(entry(i, c));
  }

  // Pass 3: from each decided position to the positions one move before it, layer by layer so
  // that each position's ply is that of its shortest win or longest loss within the material.
  void propagate() {
    Position p;
    for (size_t ply = 0; ply < layers_.size(); ++ply) {
      for (size_t e = 0; e < layers_[ply].size(); ++e) {
        const uint64_t i = layers_[ply][e] >> 1;
        const Colour c = static_cast<Colour>(layers_[ply][e] & 1);
        const bool lost = t_.value[index(c)][i] == kLoss;
        const Colour mover = opponent(c);
        std::vector<uint8_t>& before = t_.value[index(mover)];
        t_.index.decode(i, p);
        for (int piece = 0; piece < p.pieces; ++piece) {
          if (t_.index.group_of_piece(piece).colour != mover) continue;
          for_each_origin(p, p.square[piece], [&](int from) {
            const uint64_t j = t_.index.after_move(i, p, piece, from);
            uint8_t& v = before[j];
            if (v <= kUndecided) return;  // illegal, or decided already
            if (lost) {
              decide(j, mover, kWin, static_cast<int>(ply) + 1);
            } else if (--v == kUndecided) {
              decide(j, mover, kLoss, static_cast<int>(ply) + 1);
            }
          });
        }
      }
      std::vector<uint64_t>().swap(layers_[ply]);
    }
  }

  // What nothing decided is a draw: neither side can force an end, repetition draws.
  void finish() {
    for (int c = 0; c < 2; ++c) {
      Counts& counts = t_.counts[c];
      for (uint8_t& v : t_.value[c]) {
        if (v >= kUndecided) v = kDraw;
        if (v == kWin) ++counts.win;
        if (v == kDraw) ++counts.draw;
        if (v == kLoss) ++counts.loss;
      }
    }
  }

  Table& t_;
  bool keep_plies_;
  std::array<std::array<const Table*, kKinds>, 2> after_capture_{};
  std::vector<std::vector<uint64_t>> layers_;
};

}  // namespace

std::unique_ptr<Table> solve(const Material& m, const SolvedLookup& solved,
                             const SolveOptions& options) {
  if (!is_one_sided(m)) {
    throw std::invalid_argument(material_text(m) +
                                ": both sides can attack; plain retrograde analysis is exact only "
                                "when one side alone has R N C P");
  }
  auto table = std::make_unique<Table>(m);
  RetrogradeSolver(*table, solved, options.keep_plies).run();
  return table;
}

void solve_all(const std::vector<Material>& wanted, const SolveOptions& options,
               const std::function<void(const Table&, double, bool)>& done) {
  // Everything needed, and how many materials need each one.
  std::map<Material, int> users;
  std::map<Material, bool> is_wanted;
  std::vector<Material> stack(wanted.begin(), wanted.end());
  for (const Material& m : wanted) is_wanted[m] = true;
  std::map<Material, bool> seen;
  while (!stack.empty()) {
    const Material m = stack.back();
    stack.pop_back();
    if (seen[m]) continue;
    seen[m] = true;
    for (const Material& sub : materials_captures_reach(m)) {
      ++users[sub];
      stack.push_back(sub);
    }
  }
  std::vector<Material> order;
  for (const auto& [m, _] : seen) order.push_back(m);
  // A capture takes a piece off, so fewer pieces first puts every target before its sources.
  std::stable_sort(order.begin(), order.end(),
                   [](const Material& a, const Material& b) { return a.pieces() < b.pieces(); });

  std::map<Material, std::unique_ptr<Table>> tables;
  const SolvedLookup lookup = [&](const Material& m) -> const Table* {
    auto it = tables.find(m);
    return it == tables.end() ? nullptr : it->second.get();
  };
  for (const Material& m : order) {
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<Table> t = solve(m, lookup, options);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    done(*t, seconds, is_wanted[m]);
    for (const Material& sub : materials_captures_reach(m)) {
      if (--users[sub] == 0) tables.erase(sub);
    }
    if (users[m] > 0) tables[m] = std::move(t);
  }
}

}  // namespace xiangqi_retrograde
