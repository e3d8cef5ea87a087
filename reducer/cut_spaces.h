// The working memory of a repair's cuts, kept from one cut to the next and from one repair to the
// next: the threshold cuts, the layered graphs and the probing branches of every repair that is
// given the same CutSpaces (a validation's held-out repairs, each fold's on its own core) fault
// their pages in once (docs/performance.md, "The default's first run").
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "reducer/cut_network.h"

namespace egkb {

constexpr uint32_t kNotInPart = UINT32_MAX;

// What one core needs for its cuts: each node's index in the part being cut (kNotInPart for every
// node between cuts), the network, and the part's unary terms.
struct CutSpace {
  std::vector<uint32_t> local;
  CutNetwork net;
  ScratchArray<Capacity> unary;
};

// The spaces of the cores at work, handed out one to a core and taken back when its cuts end.
// Safe to share between threads.
class CutSpaces {
 public:
  class Lease {
   public:
    Lease(CutSpaces& owner, std::unique_ptr<CutSpace> space)
        : owner_(&owner), space_(std::move(space)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (space_) owner_->give_back(std::move(space_));
    }
    CutSpace& operator*() const { return *space_; }
    CutSpace* operator->() const { return space_.get(); }

   private:
    CutSpaces* owner_;
    std::unique_ptr<CutSpace> space_;
  };

  // A space whose `local` has an entry, kNotInPart, for each of `nodes` nodes.
  Lease take(std::size_t nodes);

 private:
  void give_back(std::unique_ptr<CutSpace> space);

  std::mutex mutex_;
  std::vector<std::unique_ptr<CutSpace>> idle_;
};

}  // namespace egkb
