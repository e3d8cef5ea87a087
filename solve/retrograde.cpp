#include "solve/retrograde.h"

#include <fmt/format.h>

#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

#include "board/xiangqi_moves.h"
#include "solve/materials.h"
#include "solve/parallel.h"

namespace egkb::solve {

namespace {

using xiangqi::index;

// An entry's state for one side to move while solving. A position decided at ply n is pending
// with the parity of n until the round of ply n walks back from it, then won or lost.
constexpr uint8_t kIllegal = 0, kWon = 1, kLost = 2;
constexpr std::array<uint8_t, 2> kPendingWin = {3, 5}, kPendingLoss = {4, 6};
// kOpen + n: undecided, n >= 1 moves not yet known to lose for the side to move.
constexpr uint8_t kOpen = 7;
constexpr int kMostOpen = 255 - kOpen;

constexpr int kChunkShift = 12;  // a pending flag for each 4096 entries
constexpr uint64_t kBlock = uint64_t{1} << 16;
constexpr uint64_t kChunksPerBlock = kBlock >> kChunkShift;
constexpr int kMostPlies = kPlies - 1;
// While solving, beside the plies: a loser's line may end in a capture (it has a capture, or a
// move to a position whose line may).
constexpr uint16_t kMayEndInCapture = 0x4000;

uint8_t load(const uint8_t& v) {
  return std::atomic_ref<const uint8_t>(v).load(std::memory_order_relaxed);
}

// Whether a move from (to) a point can change the check on a king: a point on its file or rank
// (a chariot's or cannon's line opened or a screen added, the kings' file) or, for a start, a
// point diagonally beside it (a horse's leg freed).
struct CheckLines {
  std::array<std::array<bool, xiangqi::kPoints>, xiangqi::kPoints> from{}, to{};
  CheckLines() {
    for (int k = 0; k < xiangqi::kPoints; ++k) {
      for (int q = 0; q < xiangqi::kPoints; ++q) {
        const int df = std::abs(xiangqi::file_of(k) - xiangqi::file_of(q));
        const int dr = std::abs(xiangqi::rank_of(k) - xiangqi::rank_of(q));
        to[k][q] = df == 0 || dr == 0;
        from[k][q] = to[k][q] || (df == 1 && dr == 1);
      }
    }
  }
};
const CheckLines kCheckLines;

class Solver {
 public:
  Solver(SolvedTable& t, const SubTables& subs, const SolveSettings& settings,
         const std::string& label)
      : t_(t), ix_(t.index), keep_distances_(settings.keep_distances) {
    threads_ = settings.threads > 0 ? settings.threads : default_threads();
    text_ = material_text(ix_.material());
    label_ = label.empty() ? text_ : label;
    const Material& m = ix_.material();
    for (Side s : {Side::Red, Side::Black}) {
      side_pieces_[index(s)].push_back(index(s));  // the king
      for (PieceKind k : PieceSet::xiangqi().kinds()) {
        const xiangqi::Kind kind = xiangqi::kind_of(k);
        if (!capture_possible(m, s, kind)) continue;
        Material sub = m;
        --sub.count(s, k);
        after_capture_[index(s)][index(kind)] = subs(sub);
        if (after_capture_[index(s)][index(kind)] == nullptr) {
          throw std::logic_error("solve " + text_ + ": " + material_text(sub) + " is not solved");
        }
      }
    }
    for (const PieceGroup& g : ix_.groups()) {
      for (int i = 0; i < g.count; ++i) {
        side_pieces_[index(g.side)].push_back(g.first + i);
        piece_kind_[g.first + i] = g.kind;
        piece_side_[g.first + i] = g.side;
      }
    }
    for (Side s : {Side::Red, Side::Black}) {
      auto has = [&](xiangqi::Kind k) { return m.count(s, xiangqi::piece_kind_of(k)) > 0; };
      attackers_[index(s)] = {has(xiangqi::Kind::rook), has(xiangqi::Kind::horse),
                              has(xiangqi::Kind::cannon), has(xiangqi::Kind::pawn)};
    }
    piece_kind_[0] = piece_kind_[1] = xiangqi::Kind::king;
    piece_side_[0] = Side::Red;
    piece_side_[1] = Side::Black;
  }

  void run() {
    const uint64_t n = ix_.size();
    blocks_ = (n + kBlock - 1) / kBlock;
    for (int s = 0; s < 2; ++s) {
      state_[s].assign(n, kIllegal);
      pending_[s].assign(blocks_ * kChunksPerBlock, 0);
      if (keep_distances_) t_.distance[s].assign(n, 0);
    }
    {
      ProgressStep step(label_ + ": counting moves", "blocks", blocks_);
      for_each_block(blocks_, threads_, &step, [&](uint64_t b) { count_moves(b); });
    }
    for (int ply = 0;; ++ply) {
      const int parity = ply & 1;
      const uint64_t due = created_[parity].exchange(0);
      if (due == 0 && created_[parity ^ 1] == 0) break;
      if (due == 0) continue;
      if (ply >= kMostPlies) throw std::logic_error(text_ + ": lines longer than 16382 plies");
      ProgressStep step(fmt::format("{}: ply {}", label_, ply), "blocks", blocks_);
      for_each_block(blocks_, threads_, &step, [&](uint64_t b) { walk_back(b, ply); });
    }
    finish();
  }

 private:
  // Pass 1: which entries are legal positions with each side to move, and their moves. A capture
  // is looked up in the smaller material at once; a move within the material is counted, to be
  // taken off when its position is found won for the opponent.
  void count_moves(uint64_t block) {
    const uint64_t begin = block * kBlock, end = std::min(begin + kBlock, ix_.size());
    Placement p;
    std::array<uint64_t, 2> created{};
    for (uint64_t i = begin; i < end; ++i) {
      if (!ix_.decode(i, p)) continue;
      const int rk = p.point[0], bk = p.point[1];
      if (xiangqi::kings_face(p, rk, bk)) continue;
      const bool red_checked =
          attackers_[1].any() && xiangqi::attacked(p, rk, Side::Black, attackers_[1]);
      const bool black_checked =
          attackers_[0].any() && xiangqi::attacked(p, bk, Side::Red, attackers_[0]);
      if (!black_checked) evaluate(p, i, Side::Red, red_checked, created);
      if (!red_checked) evaluate(p, i, Side::Black, black_checked, created);
    }
    created_[0] += created[0];
    created_[1] += created[1];
  }

  void evaluate(Placement& p, uint64_t i, Side c, bool checked, std::array<uint64_t, 2>& created) {
    const int king = p.point[index(c)];
    int open = 0;
    bool wins = false, captures = false;
    for (const int piece : side_pieces_[index(c)]) {
      const int from = p.point[piece];
      const bool from_line = checked || piece < 2 || kCheckLines.from[king][from];
      xiangqi::for_each_destination(p, from, [&](int to) {
        if (wins) return;
        if (p.cell[to] == xiangqi::kEmpty) {
          if ((from_line || kCheckLines.to[king][to]) && !safe_after(p, piece, from, to, c)) return;
          ++open;
          return;
        }
        const Outcome after = outcome_after_capture(p, piece, to);
        if (after == Outcome::illegal) return;
        captures = true;
        if (after == Outcome::loss) wins = true;
        if (after == Outcome::draw) ++open;  // an exit to a draw: never taken off, never lost
      });
      if (wins) break;
    }
    uint8_t& v = state_[index(c)][i];
    if (keep_distances_ && captures) t_.distance[index(c)][i] = kMayEndInCapture;
    if (wins) {
      settle(c, i, kPendingWin[1], 1);
      ++created[1];
    } else if (open == 0) {
      // No move at all is a mate (a stalemate loses too); only captures, each losing, end in one.
      const int ply = captures ? 1 : 0;
      settle(c, i, kPendingLoss[ply], ply);
      ++created[ply];
    } else {
      if (open > kMostOpen) throw std::logic_error(text_ + ": more moves than a byte counts");
      v = static_cast<uint8_t>(kOpen + open);
    }
  }

  // Whether the side to move's king is safe after the piece moves to the empty point `to`.
  bool safe_after(Placement& p, int piece, int from, int to, Side c) const {
    const xiangqi::Cell moved = p.cell[from];
    p.cell[to] = moved;
    p.cell[from] = xiangqi::kEmpty;
    const int rk = piece == 0 ? to : p.point[0], bk = piece == 1 ? to : p.point[1];
    const bool safe = !xiangqi::in_check(p, rk, bk, c, attackers_[index(opposite(c))]);
    p.cell[from] = moved;
    p.cell[to] = xiangqi::kEmpty;
    return safe;
  }

  // The result, for the side whose piece is taken (it moves next), after `piece` takes on `to`.
  Outcome outcome_after_capture(const Placement& p, int piece, int to) const {
    const int taken = p.piece_at[to];
    const Side loser = piece_side_[taken];
    const SolvedTable* sub = after_capture_[index(loser)][index(piece_kind_[taken])];
    assert(sub != nullptr);
    return sub->probe(loser, sub->index.after_capture(ix_, p, piece, to));
  }

  // A position decided while counting moves: only its block's thread writes it.
  void settle(Side c, uint64_t i, uint8_t code, int ply) {
    state_[index(c)][i] = code;
    if (keep_distances_) t_.distance[index(c)][i] |= static_cast<uint16_t>(ply);
    pending_[index(c)][i >> kChunkShift] |= static_cast<uint8_t>(1 << (ply & 1));
  }

  // Pass 2, once a ply: from each position decided at `ply` to the positions one move before it.
  void walk_back(uint64_t block, int ply) {
    const int parity = ply & 1;
    const uint8_t bit = static_cast<uint8_t>(1 << parity);
    Placement p;
    for (uint64_t chunk = block * kChunksPerBlock; chunk < (block + 1) * kChunksPerBlock; ++chunk) {
      for (Side c : {Side::Red, Side::Black}) {
        uint8_t& flags = pending_[index(c)][chunk];
        if ((load(flags) & bit) == 0) continue;
        std::atomic_ref<uint8_t>(flags).fetch_and(static_cast<uint8_t>(~bit),
                                                  std::memory_order_relaxed);
        const uint64_t begin = chunk << kChunkShift;
        const uint64_t end = std::min(begin + (uint64_t{1} << kChunkShift), ix_.size());
        std::vector<uint8_t>& state = state_[index(c)];
        for (uint64_t i = begin; i < end; ++i) {
          const uint8_t v = load(state[i]);
          if (v != kPendingWin[parity] && v != kPendingLoss[parity]) continue;
          const bool lost = v == kPendingLoss[parity];
          std::atomic_ref<uint8_t>(state[i]).store(lost ? kLost : kWon, std::memory_order_relaxed);
          ix_.decode(i, p);
          walk_back_from(p, i, c, lost, forced_mate(c, i, lost), ply + 1);
        }
      }
    }
  }

  // The positions one move of the opponent before `q` (side `c` to move, decided): each is won
  // when `q` is lost, and has one move fewer left when `q` is won. An entry on the axis has its
  // mirror as an entry of its own, walked back from in the same round: a predecessor reached from
  // it is taken only in its own orientation. An entry off the axis stands for its mirror too: a
  // predecessor on the axis is taken in both orientations.
  // Whether the line from a decided position is a forced mate: for a loser, when no move of its
  // may end in a capture (final once its ply's round begins); for a winner, as the positions it
  // wins by said in the round before.
  bool forced_mate(Side c, uint64_t i, bool lost) {
    if (!keep_distances_) return false;
    std::atomic_ref<uint16_t> d(t_.distance[index(c)][i]);
    if (!lost) return (d.load(std::memory_order_relaxed) & kForcedMate) != 0;
    if ((d.load(std::memory_order_relaxed) & kMayEndInCapture) != 0) return false;
    d.fetch_or(kForcedMate, std::memory_order_relaxed);
    return true;
  }

  void walk_back_from(const Placement& q, uint64_t i, Side c, bool lost, bool mate, int ply) {
    const Side mover = opposite(c);
    const bool q_axis = on_axis(q.point[0], q.point[1]);
    for (const int piece : side_pieces_[index(mover)]) {
      xiangqi::for_each_origin(q, q.point[piece], [&](int from) {
        if (piece >= 2) {
          update(mover, ix_.after_move(i, q, piece, from), lost, mate, ply);
          return;
        }
        const int rk = piece == 0 ? from : q.point[0], bk = piece == 1 ? from : q.point[1];
        if (q_axis) {
          if (on_axis(rk, bk) || canonical_kings(rk, bk)) {
            update(mover, ix_.after_any_move(i, q, piece, from), lost, mate, ply);
          }
        } else if (on_axis(rk, bk)) {
          update(mover, ix_.after_any_move(i, q, piece, from), lost, mate, ply);
          update(mover, ix_.after_any_move(i, q, piece, from, true), lost, mate, ply);
        } else {
          update(mover, ix_.after_any_move(i, q, piece, from), lost, mate, ply);
        }
      });
    }
  }

  // `mover` moves into a position decided for the opponent (lost or won for it, a forced mate
  // or not), one ply before: a win for the mover, or one move fewer left to it.
  void update(Side mover, uint64_t j, bool successor_lost, bool successor_mate, int ply) {
    std::atomic_ref<uint8_t> v(state_[index(mover)][j]);
    const int parity = ply & 1;
    uint8_t old = v.load(std::memory_order_relaxed);
    if (old == kIllegal) return;
    uint8_t now = old;
    bool decided = false;
    while (old > kOpen) {
      now = successor_lost     ? kPendingWin[parity]
            : old == kOpen + 1 ? kPendingLoss[parity]
                               : static_cast<uint8_t>(old - 1);
      if (v.compare_exchange_weak(old, now, std::memory_order_relaxed)) {
        decided = now <= kOpen;
        break;
      }
      now = old;
    }
    if (keep_distances_) {
      if (decided) {
        std::atomic_ref<uint16_t>(t_.distance[index(mover)][j])
            .fetch_or(static_cast<uint16_t>(ply), std::memory_order_relaxed);
      }
      mark_line(mover, j, successor_lost, successor_mate, now, parity);
    }
    if (!decided) return;
    std::atomic_ref<uint8_t>(pending_[index(mover)][j >> kChunkShift])
        .fetch_or(static_cast<uint8_t>(1 << parity), std::memory_order_relaxed);
    ++created_[parity];
  }

  // A winner at this ply mates by force when one of the positions it wins by at the ply before
  // is a forced mate; a loser's line may end in a capture when one of its moves' may.
  void mark_line(Side mover, uint64_t j, bool successor_lost, bool successor_mate, uint8_t state,
                 int parity) {
    std::atomic_ref<uint16_t> d(t_.distance[index(mover)][j]);
    if (successor_lost && successor_mate && state == kPendingWin[parity]) {
      d.fetch_or(kForcedMate, std::memory_order_relaxed);
    } else if (!successor_lost && !successor_mate) {
      d.fetch_or(kMayEndInCapture, std::memory_order_relaxed);
    }
  }

  // What nothing decided is a draw: neither side can force an end. Counts weigh each entry by
  // the placements it stands for.
  void finish() {
    for (auto& o : t_.outcome) o = OutcomeBits(ix_.size());
    std::mutex lock;
    const auto& kings = king_pairs();
    for_each_block(blocks_, threads_, nullptr, [&](uint64_t block) {
      std::array<SideCounts, 2> counts{};
      const uint64_t begin = block * kBlock, end = std::min(begin + kBlock, ix_.size());
      for (int s = 0; s < 2; ++s) {
        for (uint64_t i = begin; i < end; ++i) {
          const uint8_t v = state_[s][i];
          if (v == kIllegal) continue;
          const auto& pair = kings.points[i / ix_.king_stride()];
          const uint64_t weight = static_cast<uint64_t>(PositionIndex::weight(pair[0], pair[1]));
          Outcome o = Outcome::draw;
          if (v == kWon) {
            o = Outcome::win;
            counts[s].win += weight;
          } else if (v == kLost) {
            o = Outcome::loss;
            counts[s].loss += weight;
          } else {
            counts[s].draw += weight;
          }
          if (keep_distances_) {
            uint16_t& d = t_.distance[s][i];
            d = o == Outcome::draw ? 0 : static_cast<uint16_t>(d & (kPlies | kForcedMate));
          }
          t_.outcome[s].set(i, o);
        }
      }
      const std::lock_guard guard(lock);
      for (int s = 0; s < 2; ++s) {
        t_.counts[s].win += counts[s].win;
        t_.counts[s].draw += counts[s].draw;
        t_.counts[s].loss += counts[s].loss;
      }
    });
    for (auto& s : state_) std::vector<uint8_t>().swap(s);
  }

  SolvedTable& t_;
  const PositionIndex& ix_;
  bool keep_distances_;
  int threads_ = 1;
  std::string text_;
  std::string label_;
  uint64_t blocks_ = 0;
  std::array<std::vector<uint8_t>, 2> state_;
  std::array<std::vector<uint8_t>, 2> pending_;  // per chunk: bit 0, bit 1 a pending entry of
                                                 // that parity
  std::array<std::atomic<uint64_t>, 2> created_{};
  std::array<std::vector<int>, 2> side_pieces_;
  std::array<xiangqi::Kind, kMostPieces> piece_kind_{};
  std::array<Side, kMostPieces> piece_side_{};
  std::array<std::array<const SolvedTable*, xiangqi::kKinds>, 2> after_capture_{};
  std::array<xiangqi::Attackers, 2> attackers_;  // by side: what can give check
};

}  // namespace

std::unique_ptr<SolvedTable> solve_material(const Material& m, const SubTables& subs,
                                            const SolveSettings& settings,
                                            const std::string& label) {
  const auto start = std::chrono::steady_clock::now();
  auto table = std::make_unique<SolvedTable>(m);
  Solver(*table, subs, settings, label).run();
  table->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return table;
}

}  // namespace egkb::solve
