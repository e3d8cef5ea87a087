#include "reducer/certified_certificate.h"

#include <algorithm>

namespace egkb {

CertifiedRepair certify(const CertifiedInputs& in, RankRange range, std::vector<Rank> ranks,
                        Capacity bound, std::size_t probes) {
  const Lattice& lat = *in.problem.lattice;
  CertifiedRepair repair;
  Certificate& c = repair.certificate;
  c.probes = probes;
  for (NodeId u = 0; u < lat.size(); ++u) {
    // A material that is its own mirror is a pair alone.
    if (range.low[u] != range.high[u]) c.open_pairs += lat.mirror(u) >= u;
  }
  const Capacity reached = relaxed_value(in, ranks);
  for (NodeId u = 0; u < lat.size(); ++u) {
    range.low[u] = std::min(range.low[u], ranks[u]);
    range.high[u] = std::max(range.high[u], ranks[u]);
  }
  repair.ranks = std::move(ranks);
  repair.low = std::move(range.low);
  repair.high = std::move(range.high);
  c.objective = in.costs.objective(repair.ranks);
  c.optimal = reached == bound;
  // Both values count every pair twice.
  c.bound = c.objective - static_cast<double>(reached - bound) / (2 * kCostScale);
  return repair;
}

}  // namespace egkb
