// A node's stored state: the score and the flags that every history row records.
#pragma once

#include <optional>

#include "lattice/knowledge_base.h"

namespace egkb {

struct NodeState {
  Score score{};
  Source source = Source::Generated;
  bool invariable = false;
  std::optional<double> weight;  // nullopt: the provenance default

  static NodeState of(const KbRow& row) {
    return {row.score, row.source, row.invariable, row.weight};
  }
  friend bool operator==(const NodeState&, const NodeState&) = default;
};

}  // namespace egkb
