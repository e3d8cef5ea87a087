// Knowledge-base CSV: header `material,score` plus optional `source,invariable,weight`; any
// other column is ignored.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "lattice/knowledge_base.h"

namespace egkb {

enum class DuplicatePolicy { First, Last, Error };

DuplicatePolicy duplicate_policy_named(std::string_view name);

struct CsvOptions {
  const PieceSet* pieces = &PieceSet::xiangqi();
  Source default_source = Source::Generated;  // for rows without a `source` value
  bool all_invariable = false;                // marks every row invariable
  DuplicatePolicy on_duplicate = DuplicatePolicy::Error;
};

// Throws InputError naming `origin`, the line and the field of the first bad row.
KnowledgeBase parse_csv(std::string_view text, const std::string& origin,
                        const CsvOptions& options);
KnowledgeBase read_csv(const std::string& path, const CsvOptions& options);

void write_csv(const KnowledgeBase& kb, std::ostream& out);

}  // namespace egkb
