// A UCI engine as egkb drives it (docs/design.md section 4b): started with the handshake, one
// thread, the variant of the piece set; a new game per material; one position searched to a fixed
// budget at a time. Any fault (the process ends, a deadline passes, output that is not UCI) is an
// EngineFault naming it; the process is then dead or killed, and a new UciEngine is the restart.
// A signal noted while it reads (base/interrupt.h) throws Interrupted and kills the process.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "board/game_rules.h"
#include "engine/engine_process.h"

namespace egkb {

class EngineFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The engine answered a queued search with a move of another position: it does not search
// positions queued while it thinks in turn, and must be given one at a time.
class EngineQueueFault : public EngineFault {
 public:
  using EngineFault::EngineFault;
};

// How much an engine searches each position: to a depth or a node count.
struct SearchBudget {
  enum class Kind : uint8_t { Depth, Nodes };
  Kind kind = Kind::Depth;
  uint64_t amount = 8;

  std::string go() const;    // "go depth 8"
  std::string text() const;  // "depth 8", as stored and shown
  friend bool operator==(const SearchBudget&, const SearchBudget&) = default;
};

struct EngineSetup {
  std::string program;
  std::optional<std::string> variant;  // UCI_Variant, e.g. xiangqi
  // How long the handshake may take, and one search.
  std::chrono::milliseconds start_timeout{10000};
  std::chrono::milliseconds search_timeout{60000};
};

// The engine's last score for the side to move: centipawns, or moves to mate (negative: it is
// mated; 0: it has no move, mated or stalemated).
struct EngineScore {
  enum class Kind : uint8_t { Centipawns, Mate };
  Kind kind = Kind::Centipawns;
  int value = 0;
  friend bool operator==(const EngineScore&, const EngineScore&) = default;
};

// The most moves of a principal variation kept: enough to read the engine's plan, where a full
// line of a deep search can run to dozens of moves of little meaning (docs/decisions.md).
constexpr std::size_t kPvMovesKept = 16;

// What an engine said of a position: its last score, and the principal variation printed with
// it (its moves as the engine wrote them, space-separated, at most kPvMovesKept; empty when the
// engine printed none).
struct EngineAnswer {
  EngineScore score;
  std::string pv;
  friend bool operator==(const EngineAnswer&, const EngineAnswer&) = default;
};

class UciEngine {
 public:
  // Starts the engine and shakes hands: uci, id name, Threads 1 and the variant, isready.
  // Throws EngineFault (ProgramNotRunnable or IoError when the program cannot be started).
  explicit UciEngine(const EngineSetup& setup);

  // What the engine calls itself in `id name`, e.g. "Stockfish 15.1".
  const std::string& name() const { return name_; }

  // ucinewgame and isready: nothing learned on one material carries to the next. No search may
  // be in flight.
  void new_game();

  // Searches may be queued: an engine reads its input while it thinks, and a `go` waits for the
  // search before it (as the Stockfish family does; an engine that does otherwise answers moves
  // of the wrong positions, which next_answer refuses). Queued searches keep the engine busy
  // while egkb reads, and let it read many lines at a wake-up instead of one. The engine is given
  // the position as `rules` writes it (GameRules::fen).
  void start(const Position& position, const GameRules& rules, const SearchBudget& budget);
  std::size_t in_flight() const { return started_.size(); }
  // The answer of the oldest search in flight, once its bestmove is read. Throws EngineFault, and
  // then every search in flight is lost with the process.
  EngineAnswer next_answer();
  // One position alone: start and next_answer.
  EngineAnswer search(const Position& position, const GameRules& rules, const SearchBudget& budget);

 private:
  // Reads until a line starting with `word` (e.g. "uciok"), returning it; the other lines go to
  // `each` when given.
  std::string expect(const std::string& word, std::chrono::milliseconds timeout,
                     const std::function<void(const std::string&)>& each = {});
  void send(const std::string& line);
  // Kills the process and throws EngineFault(what).
  [[noreturn]] void fail(const std::string& what);

  // Before a read of queued searches, sleeps through about half of them at the engine's pace,
  // never longer than the engine takes to fill half its socket at the rate it writes.
  void gather_output();

  struct Search {
    Position position;
    std::string fen;  // as the engine was given it
  };

  EngineSetup setup_;
  std::unique_ptr<EngineProcess> process_;
  std::string name_;
  std::deque<Search> started_;  // oldest first
  // Since the engine last had nothing to do: when, how many searches it has answered and the
  // bytes it had written before; their pace sets how long a read sleeps.
  EngineProcess::Clock::time_point busy_since_{};
  std::size_t busy_results_ = 0;
  std::size_t busy_from_bytes_ = 0;
};

// Whether a UCI move (e2e4, xiangqi's a10a9) starts from a square holding a piece of the side to
// move in `position`: an answer that is a move of that position.
bool moves_side_to_move(const Position& position, std::string_view move);

// The score of a UCI `info` line, if it gives one that is not a bound, with the line's `pv`: the
// words after it that read as moves, the first kPvMovesKept of them. Throws EngineFault when the
// score does not read as a number; a PV that does not read ends where it stops reading as moves.
std::optional<EngineAnswer> answer_of_info(const std::string& line);

// The moves of a line as EngineAnswer::pv writes it.
std::vector<std::string> pv_moves(std::string_view pv);
// Whether a text is such a line: at most kPvMovesKept moves, one space apart (or empty).
bool reads_as_pv(std::string_view pv);

}  // namespace egkb
