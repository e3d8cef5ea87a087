#include "report/graphviz.h"

#include <fmt/format.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace egkb {

namespace {

std::optional<std::filesystem::path> find_dot() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::istringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::filesystem::path candidate = std::filesystem::path(dir) / "dot";
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

// A DOT file of our own for `dot` to read, removed when done.
class TempDotFile {
 public:
  explicit TempDotFile(const std::string& text) {
    std::string name = (std::filesystem::temp_directory_path() / "egkb-XXXXXX").string();
    const int fd = mkstemp(name.data());
    if (fd < 0) return;
    close(fd);
    path_ = name;
    std::ofstream(path_) << text;
  }
  ~TempDotFile() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove(path_, ignored);
  }
  TempDotFile(const TempDotFile&) = delete;
  TempDotFile& operator=(const TempDotFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

std::optional<std::string> render_dot_svg(const std::string& dot) {
  const auto program = find_dot();
  if (!program) return std::nullopt;
  const TempDotFile input(dot);
  if (input.path().empty()) return std::nullopt;
  // Both paths are ours (PATH entry, mkstemp name); quoting guards spaces in them.
  const std::string command = fmt::format("'{}' -Tsvg '{}'", program->string(), input.path());
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return std::nullopt;
  std::string svg;
  std::array<char, 4096> buffer{};
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) svg.append(buffer.data(), n);
  if (pclose(pipe) != 0) return std::nullopt;
  const std::size_t start = svg.find("<svg");
  if (start == std::string::npos) return std::nullopt;
  return svg.substr(start);
}

}  // namespace egkb
