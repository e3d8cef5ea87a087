#include "reducer/cut_spaces.h"

#include <algorithm>
#include <cassert>

namespace egkb {

CutSpaces::Lease CutSpaces::take(std::size_t nodes) {
  std::unique_ptr<CutSpace> space;
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      space = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!space) space = std::make_unique<CutSpace>();
  // Another lattice (a validation's part, then the whole base): every entry is kNotInPart again.
  if (space->local.size() != nodes) space->local.assign(nodes, kNotInPart);
  return Lease(*this, std::move(space));
}

void CutSpaces::give_back(std::unique_ptr<CutSpace> space) {
  assert(std::all_of(space->local.begin(), space->local.end(),
                     [](uint32_t i) { return i == kNotInPart; }));
  const std::lock_guard lock(mutex_);
  idle_.push_back(std::move(space));
}

}  // namespace egkb
