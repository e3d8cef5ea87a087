#include "engine/uci_engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>
#include <string_view>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

namespace {

// A line as a message quotes it: printable, and short.
std::string quoted(const std::string& line) {
  return in_quotes(line, 80);
}

}  // namespace

std::string SearchBudget::text() const {
  return fmt::format("{} {}", kind == Kind::Depth ? "depth" : "nodes", amount);
}

std::string SearchBudget::go() const {
  return "go " + text();
}

std::optional<EngineScore> score_of_info(const std::string& line) {
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
  for (std::string_view word = next(); !word.empty(); word = next()) {
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
  return score;
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
  send("ucinewgame");
  send("isready");
  expect("readyok", setup_.search_timeout);
}

EngineScore UciEngine::search(const std::string& fen, const SearchBudget& budget) {
  send("position fen " + fen + "\n" + budget.go());
  std::optional<EngineScore> last;
  const std::string best = expect("bestmove", setup_.search_timeout, [&](const std::string& line) {
    if (auto s = score_of_info(line)) last = s;
  });
  if (!last) fail("answered " + quoted(best) + " without a score for " + fen);
  return *last;
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
