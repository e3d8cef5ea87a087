#include "engine/engine_search_path.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

std::string default_engine(const PieceSet& pieces) {
  return &pieces == &PieceSet::chess() ? "stockfish" : "fairy-stockfish";
}

std::optional<std::string> engine_variant(const PieceSet& pieces) {
  if (&pieces == &PieceSet::chess()) return std::nullopt;
  return "xiangqi";
}

std::string find_engine(const std::string& program) {
  // A file this user may execute: a directory has the execute bit too, and is skipped on PATH as
  // a shell skips it.
  const auto runnable = [](const std::string& path) {
    struct stat s {};
    return stat(path.c_str(), &s) == 0 && S_ISREG(s.st_mode) && access(path.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) {
    if (runnable(program)) return program;
    struct stat s {};
    const bool directory = stat(program.c_str(), &s) == 0 && S_ISDIR(s.st_mode);
    throw InputError("", 0, "--engine",
                     path_text(program) + (directory ? " is a directory, not a program"
                                                     : " is not a program this user can run"));
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  dirs += ":/usr/games";
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir(dirs, start, end - start);
    if (!dir.empty() && runnable(dir + "/" + program)) return dir + "/" + program;
    start = end + 1;
  }
  throw InputError("", 0, "--engine",
                   fmt::format("no engine {} on PATH nor in /usr/games: install it (Debian's "
                               "package {} does; ./setup.sh installs it) or give its path with "
                               "--engine",
                               in_quotes(program), program));
}

}  // namespace egkb
