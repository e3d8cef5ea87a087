#include "engine/uci_engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <sstream>
#include <string_view>

#include "base/errors.h"
#include "base/interrupt.h"
#include "base/text.h"

namespace egkb {

namespace {

// A line as a message quotes it: printable, and short.
std::string quoted(const std::string& line) {
  return in_quotes(line, 80);
}

// Whether a word of a PV reads as a move in the engine's notation: e2e4, a10a9, e7e8q, P@e4.
bool reads_as_move(std::string_view word) {
  return word.size() >= 4 && word.size() <= 8 && std::all_of(word.begin(), word.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '@' || c == '=' || c == '+';
         });
}

}  // namespace

std::string SearchBudget::text() const {
  return fmt::format("{} {}", kind == Kind::Depth ? "depth" : "nodes", amount);
}

std::string SearchBudget::go() const {
  return "go " + text();
}

std::optional<EngineAnswer> answer_of_info(const std::string& line) {
  // Read word by word over the line itself: engines print a dozen info lines a position, and
  // a stream per line cost more than the rest of egkb's work on it.
  std::string_view rest(line);
  const auto next = [&rest]() {
    const std::size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) return std::string_view();
    rest.remove_prefix(start);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
  };
  if (next() != "info") return std::nullopt;
  std::optional<EngineScore> score;
  std::string pv;
  for (std::string_view word = next(); !word.empty(); word = next()) {
    if (word == "pv") {  // the moves fill the rest of the line
      std::size_t moves = 0;
      for (std::string_view move = next(); moves < kPvMovesKept && reads_as_move(move);
           move = next(), ++moves) {
        if (moves > 0) pv += ' ';
        pv += move;
      }
      break;
    }
    if (word == "string") return std::nullopt;                    // free text follows
    if (word == "multipv" && next() != "1") return std::nullopt;  // not the engine's choice
    if (word == "lowerbound" || word == "upperbound") return std::nullopt;
    if (word != "score") continue;
    const std::string_view kind = next(), number = next();
    int value = 0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if ((kind != "cp" && kind != "mate") || number.empty() || error != std::errc() ||
        end != number.data() + number.size()) {
      throw EngineFault("printed a score that does not read: " + quoted(line));
    }
    score =
        EngineScore{kind == "cp" ? EngineScore::Kind::Centipawns : EngineScore::Kind::Mate, value};
  }
  if (!score) return std::nullopt;
  return EngineAnswer{*score, std::move(pv)};
}

UciEngine::UciEngine(const EngineSetup& setup)
    : setup_(setup), process_(std::make_unique<EngineProcess>(setup.program)) {
  send("uci");
  bool variant_offered = false;
  expect("uciok", setup_.start_timeout, [&](const std::string& line) {
    if (line.rfind("id name ", 0) == 0) name_ = line.substr(8);
    if (setup_.variant && line.rfind("option name UCI_Variant ", 0) == 0) {
      std::istringstream in(line);
      std::string word;
      while (in >> word) variant_offered |= word == *setup_.variant;
    }
  });
  if (name_.empty()) name_ = setup_.program;
  if (setup_.variant && !variant_offered) {
    throw InputError("", 0, "--engine",
                     fmt::format("{} does not play {}: its UCI_Variant option does not offer it; "
                                 "give an engine that does (fairy-stockfish)",
                                 path_text(setup_.program), *setup_.variant));
  }
  send("setoption name Threads value 1");
  if (setup_.variant) send("setoption name UCI_Variant value " + *setup_.variant);
  send("isready");
  expect("readyok", setup_.start_timeout);
}

void UciEngine::new_game() {
  assert(started_.empty());
  send("ucinewgame");
  send("isready");
  // Not a search: an engine clears its hash here, and one just restarted after a fault may still
  // be loading on a busy machine, so this waits as long as the handshake does.
  expect("readyok", setup_.start_timeout);
}

void UciEngine::start(const Position& position, const GameRules& rules,
                      const SearchBudget& budget) {
  if (started_.empty()) {
    busy_since_ = EngineProcess::Clock::now();
    busy_results_ = 0;
    busy_from_bytes_ = process_->received();
  }
  Search search{position, rules.fen(position)};
  // Not send(): an engine that died while searches were queued has its earlier answers still
  // to be read, and the fault belongs to the position it died on, which reading them finds.
  process_->send("position fen " + search.fen + "\n" + budget.go());
  started_.push_back(std::move(search));
}

void UciEngine::gather_output() {
  // With searches queued behind this one, sleep through about half of them before reading:
  // one wake-up then reads all they printed, where waiting on the engine's output would wake
  // at each line it writes (the kernel wakes a reader on every write, whatever it waits for).
  // Half, so that the engine still has the rest to search when the sleep ends. Never so long
  // that the engine could fill half its socket meanwhile: an engine blocked on a full socket
  // searches nothing, and its pace measured then would make the next sleep longer still.
  if (started_.size() <= 1 || busy_results_ == 0 || process_->has_line("bestmove")) return;
  using Seconds = std::chrono::duration<double>;
  const Seconds busy = EngineProcess::Clock::now() - busy_since_;
  Seconds sleep =
      busy / static_cast<double>(busy_results_) * static_cast<double>(started_.size() - 1) / 2;
  if (const std::size_t written = process_->received() - busy_from_bytes_; written > 0) {
    const double half = static_cast<double>(process_->capacity()) / 2;
    sleep = std::min(sleep, busy * half / static_cast<double>(written));
  }
  sleep = std::min<Seconds>(sleep, setup_.search_timeout);
  EngineProcess::pause(std::chrono::duration_cast<EngineProcess::Clock::duration>(sleep));
}

EngineAnswer UciEngine::next_answer() {
  gather_output();
  const std::size_t queued = started_.size();
  std::optional<EngineAnswer> last;
  const std::string best = expect("bestmove", setup_.search_timeout, [&](const std::string& line) {
    if (auto a = answer_of_info(line)) last = std::move(a);
  });
  const Search search = std::move(started_.front());
  started_.pop_front();
  const std::string_view move =
      std::string_view(best).substr(std::min<std::size_t>(9, best.size()));
  const std::string_view first = move.substr(0, move.find(' '));
  if (!last) fail("answered " + quoted(best) + " without a score for " + search.fen);
  if (first != "(none)" && !moves_side_to_move(search.position, first)) {
    const std::string what = "answered " + quoted(best) + ", not a move of " + search.fen;
    if (queued == 1) fail(what);
    process_->stop(std::chrono::milliseconds(0));
    throw EngineQueueFault(what + ": it does not search positions queued while it thinks in turn");
  }
  ++busy_results_;
  return std::move(*last);
}

EngineAnswer UciEngine::search(const Position& position, const GameRules& rules,
                               const SearchBudget& budget) {
  start(position, rules, budget);
  return next_answer();
}

std::vector<std::string> pv_moves(std::string_view pv) {
  std::vector<std::string> moves;
  while (!pv.empty()) {
    const std::size_t end = std::min(pv.find(' '), pv.size());
    moves.emplace_back(pv.substr(0, end));
    pv.remove_prefix(std::min(end + 1, pv.size()));
  }
  return moves;
}

bool reads_as_pv(std::string_view pv) {
  if (pv.empty()) return true;
  const std::vector<std::string> moves = pv_moves(pv);
  return moves.size() <= kPvMovesKept && pv.back() != ' ' &&
         std::all_of(moves.begin(), moves.end(),
                     [](const std::string& m) { return reads_as_move(m); });
}

bool moves_side_to_move(const Position& position, std::string_view move) {
  // The square the move starts from: a file letter, then the rank's digits (from 1).
  std::size_t digits = 1;
  while (digits < move.size() && std::isdigit(static_cast<unsigned char>(move[digits]))) ++digits;
  if (move.empty() || digits == 1 || !std::islower(static_cast<unsigned char>(move[0])))
    return false;
  int rank = 0;
  const auto [end, error] = std::from_chars(move.data() + 1, move.data() + digits, rank);
  const Square from{move[0] - 'a', rank - 1};
  if (error != std::errc() || !position.on_board(from)) return false;
  const char piece = position.at(from);
  return piece != kEmpty && side_of(piece) == position.to_move();
}

void UciEngine::send(const std::string& line) {
  if (!process_->send(line)) fail("stopped reading its input");
}

std::string UciEngine::expect(const std::string& word, std::chrono::milliseconds timeout,
                              const std::function<void(const std::string&)>& each) {
  const auto deadline = EngineProcess::Clock::now() + timeout;
  for (;;) {
    EngineProcess::Read r = process_->read_line(deadline);
    if (!r.line) {
      switch (r.stop) {
        case EngineProcess::Stop::Interrupted:
          process_->stop(std::chrono::milliseconds(0));
          throw Interrupted(interrupt_signal());
        case EngineProcess::Stop::TimedOut:
          fail(fmt::format("gave no {} within {} s", word, timeout.count() / 1000.0));
        case EngineProcess::Stop::TooLong:
          fail("printed a line of more than 64 KB, not UCI");
        case EngineProcess::Stop::Ended: {
          const std::string ending = process_->ending();
          fail((ending.empty() ? "closed its output" : ending) + " before " + word);
        }
      }
    }
    const std::string& line = *r.line;
    if (line == word || line.rfind(word + " ", 0) == 0) return line;
    if (each) each(line);
  }
}

void UciEngine::fail(const std::string& what) {
  process_->stop(std::chrono::milliseconds(0));
  throw EngineFault(what);
}

}  // namespace egkb
