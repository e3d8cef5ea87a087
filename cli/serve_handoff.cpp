// egkb's serve: the program egkb-serve takes the same command line and runs the server.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "base/errors.h"
#include "cli/app.h"
#include "cli/serve_command.h"

namespace egkb::cli {

namespace {

// Beside egkb in a build tree, or where an installed egkb keeps it.
std::filesystem::path find_server() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw IoError("/proc/self/exe", "cannot tell where egkb is: " + ec.message());
  const std::filesystem::path candidates[] = {exe.parent_path() / "egkb-serve",
                                              exe.parent_path() / EGKB_INSTALLED_SERVER};
  for (const std::filesystem::path& p : candidates) {
    if (::access(p.c_str(), X_OK) == 0) return p.lexically_normal();
  }
  throw IoError(candidates[1].lexically_normal().string(),
                "egkb serve runs the program egkb-serve, installed with egkb, and it is not "
                "there (nor beside egkb); reinstall egkb");
}

}  // namespace

int serve_reviews(const ServeCommandOptions&) {
  const std::filesystem::path server = find_server();
  std::vector<std::string> words = command_line();
  words.front() = server.string();
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  ::execv(server.c_str(), argv.data());
  throw IoError(server.string(), std::string("cannot run it: ") + std::strerror(errno));
}

}  // namespace egkb::cli
