// A UCI engine as egkb drives it (DESIGN.md section 4b): started with the handshake, one thread,
// the variant of the piece set; a new game per material; one position searched to a fixed budget
// at a time. Any fault (the process ends, a deadline passes, output that is not UCI) is an
// EngineFault naming it; the process is then dead or killed, and a new UciEngine is the restart.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/engine_process.h"

namespace egkb {

class EngineFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
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

class UciEngine {
 public:
  // Starts the engine and shakes hands: uci, id name, Threads 1 and the variant, isready.
  // Throws EngineFault (IoError when the program cannot be started at all).
  explicit UciEngine(const EngineSetup& setup);

  // What the engine calls itself in `id name`, e.g. "Stockfish 15.1".
  const std::string& name() const { return name_; }

  // ucinewgame and isready: nothing learned on one material carries to the next.
  void new_game();
  // Searches one position (FEN) to the budget and returns its last score.
  EngineScore search(const std::string& fen, const SearchBudget& budget);

 private:
  // Reads until a line starting with `word` (e.g. "uciok"), returning it; the other lines go to
  // `each` when given.
  std::string expect(const std::string& word, std::chrono::milliseconds timeout,
                     const std::function<void(const std::string&)>& each = {});
  void send(const std::string& line);
  // Kills the process and throws EngineFault(what).
  [[noreturn]] void fail(const std::string& what);

  EngineSetup setup_;
  std::unique_ptr<EngineProcess> process_;
  std::string name_;
};

// The score of a UCI `info` line, if it gives one that is not a bound. Throws EngineFault when
// it gives one that does not read as a number.
std::optional<EngineScore> score_of_info(const std::string& line);

}  // namespace egkb
