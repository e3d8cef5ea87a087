#include "export/closure_export.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <ostream>

#include "base/progress.h"
#include "io/json_text.h"

namespace egkb {

namespace {

// Formats each node through `line` into one buffer, flushed in large pieces.
template <typename Line>
void write_nodes(std::ostream& out, const ScoredLattice& scored, Line&& line) {
  fmt::memory_buffer buffer;
  const Lattice& lattice = scored.lattice;
  ProgressStep progress("writing materials", "materials", lattice.size());
  for (NodeId n = 0; n < lattice.size(); ++n) {
    if (n % kRowsBetweenReports == 0) progress.advance(n);
    line(buffer, n, format_material(lattice.material(n), lattice.pieces()));
    if (buffer.size() > (1 << 20)) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

}  // namespace

void write_closure_csv(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                       const NodeRanges& ranges) {
  const bool ranged = !ranges.low.empty();
  out << "material,score,rank,source,invariable,weight" << (ranged ? ",low,high\n" : "\n");
  write_nodes(out, scored, [&](fmt::memory_buffer& b, NodeId n, const std::string& material) {
    const Score s = scored.scores[n];
    fmt::format_to(std::back_inserter(b), "{},{},{},{},", material, value(s), value(rank_of(s)),
                   provenance(kb, scored, n));
    const std::size_t row = scored.row_of[n];
    if (row != ScoredLattice::kImplied) {
      const KbRow& r = kb.rows[row];
      fmt::format_to(std::back_inserter(b), "{}", r.invariable ? 1 : 0);
      if (r.weight)
        fmt::format_to(std::back_inserter(b), ",{}", *r.weight);
      else
        b.push_back(',');
    } else {
      b.push_back(',');
    }
    if (ranged)
      fmt::format_to(std::back_inserter(b), ",{},{}", value(ranges.low[n]), value(ranges.high[n]));
    b.push_back('\n');
  });
}

void write_closure_json(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                        bool has_conflicts, const NodeRanges& ranges) {
  out << "{\n  \"pieces\": " << json_text(nlohmann::json(kb.pieces->name()), -1)
      << ",\n  \"origin\": " << json_text(nlohmann::json(kb.origin), -1)
      << ",\n  \"has_conflicts\": " << (has_conflicts ? "true" : "false")
      << ",\n  \"materials\": {";
  write_nodes(out, scored, [&](fmt::memory_buffer& b, NodeId n, const std::string& material) {
    const Score s = scored.scores[n];
    fmt::format_to(std::back_inserter(b),
                   "{}\n    \"{}\": {{\"score\": {}, \"rank\": {}, \"provenance\": \"{}\"",
                   n == 0 ? "" : ",", material, value(s), value(rank_of(s)),
                   provenance(kb, scored, n));
    if (!ranges.low.empty()) {
      fmt::format_to(std::back_inserter(b), ", \"low\": {}, \"high\": {}", value(ranges.low[n]),
                     value(ranges.high[n]));
    }
    b.push_back('}');
  });
  out << "\n  }\n}\n";
}

}  // namespace egkb
