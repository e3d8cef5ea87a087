// Solving a list of materials: what their captures reach first, each material kept in a folder
// of tables as it finishes, so that a run killed or interrupted keeps what it finished and a
// rerun reads it back instead of solving it again.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solve/retrograde.h"

namespace egkb::solve {

// A folder of solved tables, one file a material (KRKGG.table). Held by one solve at a time:
// an exclusive lock on its .lock file for as long as the object lives. Opening it removes what a
// killed solve left half-written.
class TableFolder {
 public:
  // Creates the folder when missing. Throws IoError when it cannot be created or another egkb
  // solve holds it.
  explicit TableFolder(std::string path);
  TableFolder(const TableFolder&) = delete;
  TableFolder& operator=(const TableFolder&) = delete;
  ~TableFolder();

  const std::string& path() const { return path_; }
  std::string file_of(const Material& m) const;
  bool has(const Material& m) const;
  // The bytes of every table in the folder.
  uint64_t bytes() const;

 private:
  std::string path_;
  int lock_fd_ = -1;
};

// A material solved, in its own orientation, counts from each side to move's view.
struct Solution {
  Material material;
  std::array<SideCounts, 2> counts;
  SolveRules rules = SolveRules::Exact;
  double seconds = 0;      // solving it (when it was read back: when it was solved)
  bool wanted = false;     // named, not only reached by a capture
  bool read_back = false;  // found in the folder, not solved by this run
};

struct SolveRunOptions {
  SolveSettings settings;
  TableFolder* folder = nullptr;  // where tables are kept and read back; none: memory only
};

// Solves every material of `wanted` and, first, every material their captures reach, holding a
// table in memory only while a material still to solve needs it. Calls done() as each material
// finishes, in solving order. Shows progress; at an interrupt, the materials finished stay in
// the folder and Interrupted says so.
std::vector<Solution> solve_all(const std::vector<Material>& wanted, const SolveRunOptions& options,
                                const std::function<void(const Solution&)>& done = {});

}  // namespace egkb::solve
