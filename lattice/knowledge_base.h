// A knowledge base: scored materials with their provenance, and its lattice with scores.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lattice/lattice.h"
#include "lattice/piece_set.h"
#include "lattice/types.h"

namespace egkb {

struct KbRow {
  Key key = 0;
  Score score{};
  Source source = Source::Generated;
  bool invariable = false;
  std::optional<double> weight;  // overrides the provenance default when set
  std::size_t line = 0;          // where the row came from, for messages; 0 if not a file line
};

struct KnowledgeBase {
  const PieceSet* pieces = &PieceSet::xiangqi();
  std::string origin;  // the file it was read from, for messages
  std::vector<KbRow> rows;
};

// A KB's mirror closure with a score on every node: stored rows keep theirs, implied mirrors
// take 9 - s.
struct ScoredLattice {
  Lattice lattice;
  std::vector<Score> scores;
  std::vector<std::size_t> row_of;  // index into the KB's rows; kImplied for implied mirrors

  static constexpr std::size_t kImplied = static_cast<std::size_t>(-1);

  static ScoredLattice of(const KnowledgeBase& kb);
  // The scores of a KB with the same rows in the same order (the same base after a repair), on
  // this lattice: implied mirrors take 9 - s of their stored mirror.
  std::vector<Score> scores_of(const KnowledgeBase& same_rows) const;
  std::vector<Rank> ranks() const;
};

// The rank of each score.
std::vector<Rank> ranks_of(std::span<const Score> scores);

// "manual", "generated" or "expert" for a stored row, "implied" for the mirror of one.
std::string_view provenance(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n);

}  // namespace egkb
