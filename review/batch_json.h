// The review app's JSON of batches (docs/formats.md, "Review app API"): the store's batches with
// everyone's progress, one batch with its rows as each reviewer answered them, and the agreement
// between the reviewers. Each row says what the review rules decide of it (the answers differ,
// the lead's submit settles it, who may change it), so the page decides none of it itself.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "lattice/knowledge_base.h"
#include "review/agreement.h"
#include "review/roles.h"
#include "store/evidence.h"
#include "store/store.h"

namespace egkb {

// What a batch's JSON is built from: the batch, every reviewer's drafts and their revisions, the
// rows as the store holds them now with their first scores, the import that stands, and the
// server's roles.
struct BatchRecord {
  const Batch& batch;
  const std::vector<Draft>& drafts;
  const std::vector<DraftRevision>& revisions;
  const KnowledgeBase& kb;
  const std::unordered_map<Key, Score>& original;
  const std::optional<BatchImport>& import;
  const ReviewRoles& roles;
  const PieceSet& pieces;
  // The store's evidence for the rows and their mirrors (store::evidence_of).
  std::span<const EvidenceRecord> evidence = {};
  // Each reviewer's time on the batch's rows (reviewer_times), for the time left.
  std::span<const ReviewerTime> times = {};
};

class BatchJson {
 public:
  // Keeps references to `record`'s parts: they must outlive it.
  explicit BatchJson(const BatchRecord& record);

  // GET /api/batches/{id}.
  nlohmann::ordered_json batch() const;
  // The batch's row `index` as batch() lists it.
  nlohmann::ordered_json item(std::size_t index) const;
  // The index of the row `key` in the batch; nullopt when the batch did not draw it.
  std::optional<std::size_t> index_of(Key key) const;

 private:
  BatchRecord record_;
  std::unordered_map<Key, std::size_t> index_;
  std::unordered_map<Key, const KbRow*> rows_;
  std::unordered_map<Key, std::vector<const Draft*>> drafts_;
  std::unordered_map<Key, nlohmann::ordered_json> revisions_;
  std::vector<std::vector<std::string>> assigned_;
};

// The batches of `store` with how many rows each reviewer answered and the import that stands
// (GET /api/batches).
nlohmann::ordered_json batches_json(Store& store);

// GET /api/batches/{id}/agreement.
nlohmann::ordered_json agreement_json(const Batch& batch, const BatchAgreement& agreement,
                                      const std::vector<ReviewerTime>& times,
                                      const PieceSet& pieces);

// The pieces' symbols for a board, by letter as a position's board writes them (red's upper
// case, black's lower case): {"K": "帥", ..., "k": "將", ...}.
nlohmann::ordered_json board_symbols_json(const PieceSet& pieces);

}  // namespace egkb
