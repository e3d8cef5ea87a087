#include "solve/solve_run.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "base/errors.h"
#include "base/interrupt.h"
#include "base/progress.h"
#include "solve/materials.h"
#include "solve/table_file.h"

namespace egkb::solve {

TableFolder::TableFolder(std::string path) : path_(std::move(path)) {
  std::error_code error;
  std::filesystem::create_directories(path_, error);
  if (error) throw IoError(path_, "cannot be created: " + error.message());
  const std::string lock = path_ + "/.lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) throw IoError(lock, std::strerror(errno));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd_);
    throw IoError(path_, "another egkb solve is using this folder of tables");
  }
  // A table half-written by a solve that was killed: no other solve holds the folder.
  for (const auto& entry : std::filesystem::directory_iterator(path_)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(".") && name.ends_with(".tmp") &&
        name.find(".table.") != std::string::npos) {
      std::filesystem::remove(entry.path(), error);
    }
  }
}

TableFolder::~TableFolder() {
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

std::string TableFolder::file_of(const Material& m) const {
  return path_ + "/" + material_text(m) + ".table";
}

bool TableFolder::has(const Material& m) const {
  return std::filesystem::exists(file_of(m));
}

uint64_t TableFolder::bytes() const {
  uint64_t total = 0;
  for (const auto& entry : std::filesystem::directory_iterator(path_)) {
    if (entry.is_regular_file() && entry.path().extension() == ".table") total += entry.file_size();
  }
  return total;
}

std::vector<Solution> solve_all(const std::vector<Material>& wanted, const SolveRunOptions& options,
                                const std::function<void(const Solution&)>& done) {
  const std::vector<Material> order = solving_order(wanted);
  std::map<std::string, int> users;  // materials still to solve that capture into this one
  for (const Material& m : order) {
    for (const Material& sub : materials_captures_reach(m)) ++users[material_text(sub)];
  }
  std::map<std::string, bool> is_wanted;
  for (const Material& m : wanted) is_wanted[material_text(m)] = true;

  std::map<std::string, std::unique_ptr<SolvedTable>> held;
  // A capture target read back from the folder is loaded when first needed.
  const SubTables lookup = [&](const Material& m) -> const SolvedTable* {
    const std::string text = material_text(m);
    auto& t = held[text];
    if (!t && options.folder != nullptr && options.folder->has(m)) {
      t = read_table(options.folder->file_of(m), false);
    }
    return t.get();
  };

  std::vector<Solution> out;
  try {
    for (const Material& m : order) {
      const std::string text = material_text(m);
      const std::string label =
          fmt::format("solving {} ({} of {})", text, out.size() + 1, order.size());
      Solution s;
      s.material = m;
      s.wanted = is_wanted[text];
      std::optional<TableHeader> kept;
      if (options.folder != nullptr && options.folder->has(m)) {
        kept = read_table_header(options.folder->file_of(m));
        // A table kept without distances is solved again where distances are asked for.
        if (options.settings.keep_distances && kept->distance_bytes == 0) kept.reset();
      }
      if (kept) {
        const TableHeader& h = *kept;
        s.counts = h.counts;
        s.rules = h.rules;
        s.seconds = h.seconds;
        s.read_back = true;
      } else {
        std::unique_ptr<SolvedTable> t = solve_material(m, lookup, options.settings, label);
        s.counts = t->counts;
        s.rules = t->rules;
        s.seconds = t->seconds;
        if (options.folder != nullptr) write_table(options.folder->file_of(m), *t);
        for (auto& d : t->distance) std::vector<uint16_t>().swap(d);
        if (users[text] > 0) held[text] = std::move(t);
      }
      for (const Material& sub : materials_captures_reach(m)) {
        if (--users[material_text(sub)] == 0) held.erase(material_text(sub));
      }
      out.push_back(s);
      if (done) done(s);
    }
  } catch (const Interrupted& e) {
    if (options.folder == nullptr) throw;
    throw Interrupted(e.signal(), fmt::format("{} of {} materials finished, kept in {}; the same "
                                              "command continues from there",
                                              out.size(), order.size(), options.folder->path()));
  }
  return out;
}

}  // namespace egkb::solve
