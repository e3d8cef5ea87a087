#include "evidence/evidence_import.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "base/errors.h"
#include "evidence/evidence_file.h"
#include "store/evidence.h"
#include "store/runs.h"

namespace egkb {

namespace {

using SearchKey = std::tuple<Key, std::string, std::string, uint64_t>;

SearchKey search_key(const EvidenceRecord& r) {
  return {r.key, r.engine, r.budget, r.seed};
}

// Whether `incoming` should replace `held`: more positions, or as many where only `held` failed.
bool better(const EvidenceRecord& incoming, const EvidenceRecord& held) {
  if (incoming.positions() != held.positions()) return incoming.positions() > held.positions();
  return held.failed() && !incoming.failed();
}

}  // namespace

EvidenceImport import_evidence(Store& store, const std::vector<std::string>& files) {
  std::map<SearchKey, EvidenceRecord> held;
  for (EvidenceRecord& r : store::evidence(store)) held.emplace(search_key(r), std::move(r));
  EvidenceImport counts;
  std::map<SearchKey, EvidenceRecord> writes;
  for (const std::string& path : files) {
    EvidenceFile file = read_evidence_file(path);
    if (file.header.pieces != &store.pieces()) {
      throw InputError(path, 1, "pieces",
                       fmt::format("holds {} evidence; the store is {}", file.header.pieces->name(),
                                   store.pieces().name()));
    }
    ++counts.files;
    if (file.torn_line > 0) counts.torn_lines.push_back({path, file.torn_line});
    for (EvidenceRecord& r : file.records) {
      ++counts.rows;
      const SearchKey k = search_key(r);
      const auto pending = writes.find(k);
      const auto stored = held.find(k);
      const EvidenceRecord* standing = pending != writes.end() ? &pending->second
                                       : stored != held.end()  ? &stored->second
                                                               : nullptr;
      if (standing != nullptr && !better(r, *standing)) continue;
      writes[k] = std::move(r);
    }
  }
  for (const auto& [k, r] : writes) {
    if (held.count(k) > 0) {
      ++counts.replaced;
    } else {
      ++counts.added;
    }
  }
  counts.unchanged = counts.rows - counts.added - counts.replaced;
  if (writes.empty()) return counts;
  store.write_apart([&](StoreWriter& w) {
    const RunId run = store::add_run(w, {"evidence import", {{"files", files}}});
    for (const auto& [k, r] : writes) store::put_evidence(w, run, r);
  });
  return counts;
}

}  // namespace egkb
