// Knowledge-base CSV: header `material,score` plus optional `source` (or `provenance`, as egkb
// export writes it), `invariable` and `weight`; any other column is ignored.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "base/name_table.h"
#include "io/byte_source.h"
#include "lattice/knowledge_base.h"

namespace egkb {

// What reading a CSV does with a material listed twice, with different states: keep the first,
// the last, or refuse the file.
enum class DuplicatePolicy { First, Last, Error };

// --on-duplicate's names and the import's recorded parameter.
inline constexpr auto kDuplicatePolicies = name_table<DuplicatePolicy>({
    {DuplicatePolicy::First, "first"},
    {DuplicatePolicy::Last, "last"},
    {DuplicatePolicy::Error, "error"},
});

// Throws InputError naming `field` for a name other than first, last or error.
DuplicatePolicy duplicate_policy_named(std::string_view name, const std::string& field);

struct CsvOptions {
  // nullptr: the set the first material is written in (PieceSet::of_material: KRPvKR is chess).
  const PieceSet* pieces = nullptr;
  Source default_source = Source::Generated;  // for rows without a `source` value
  bool all_invariable = false;                // marks every row invariable
  DuplicatePolicy on_duplicate = DuplicatePolicy::Error;
};

// The smallest and largest weight a row may carry: the exact repair works in integer units of
// 1/1024 of a weight, so a smaller one would vanish and the sum of larger ones overflow.
constexpr double kMinWeight = 0.001;
constexpr double kMaxWeight = 1e6;

// Reads every row; throws InputError naming the origin, the line and the field of the first bad
// row. Rows marked `implied` (egkb export writes each stored row's mirror so) are not rows of
// the base: they are skipped when their mirror is in the file, an error when it is not.
KnowledgeBase read_csv(ByteSource source, const CsvOptions& options);
KnowledgeBase read_csv(const std::string& path, const CsvOptions& options);
KnowledgeBase parse_csv(std::string_view text, const std::string& origin,
                        const CsvOptions& options);

// Header `material,score,source,invariable,weight`; reads back equal.
void write_csv(const KnowledgeBase& kb, std::ostream& out);

}  // namespace egkb
