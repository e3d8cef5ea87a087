#include "reducer/certified_middle.h"

namespace egkb {

std::vector<Rank> middle(std::span<const Rank> low, std::span<const Rank> high) {
  std::vector<Rank> ranks(low.size());
  for (std::size_t u = 0; u < low.size(); ++u) {
    const int twice_middle = value(low[u]) + value(high[u]);
    const int toward_balance = twice_middle > kMaxRank ? twice_middle - 1 : twice_middle + 1;
    ranks[u] = Rank(twice_middle % 2 == 0 ? twice_middle / 2 : toward_balance / 2);
  }
  return ranks;
}

}  // namespace egkb
