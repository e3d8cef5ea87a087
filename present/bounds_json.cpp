#include "present/bounds_json.h"

#include <fmt/format.h>

#include <algorithm>

#include "lattice/links.h"
#include "lattice/material.h"
#include "prose/solved_text.h"

namespace egkb {

namespace {

enum class Bound : uint8_t { AtMost, AtLeast, Exactly };

const char* bound_name(Bound b) {
  return b == Bound::AtMost ? "at most" : b == Bound::AtLeast ? "at least" : "exactly";
}

std::string text_of(const PieceSet& pieces, Bound b, Rank rank) {
  if (b == Bound::AtMost) return bound_text(pieces, rank, true);
  if (b == Bound::AtLeast) return bound_text(pieces, rank, false);
  return "its mirror's rank, mirrored";
}

// A link seen from its other end.
Link reversed(Link link) {
  return link == Link::Fewer ? Link::More : link == Link::More ? Link::Fewer : Link::Mirror;
}

}  // namespace

nlohmann::ordered_json bounds_json(const ScoredLattice& scored, const SolvedBounds& solved,
                                   NodeId n) {
  const Lattice& lat = scored.lattice;
  const PieceSet& pieces = lat.pieces();
  const auto material = [&](NodeId u) { return format_material(lat.material(u), pieces); };
  const auto source_of = [&](NodeId from) -> nlohmann::ordered_json {
    return from == kNoNode ? nlohmann::ordered_json(nullptr)
                           : nlohmann::ordered_json(material(from));
  };
  nlohmann::ordered_json j{{"rank_low", nullptr},
                           {"rank_high", nullptr},
                           {"low_from", nullptr},
                           {"high_from", nullptr},
                           {"from_neighbours", nlohmann::ordered_json::array()},
                           {"on_neighbours", nlohmann::ordered_json::array()},
                           {"settled", nlohmann::ordered_json::array()}};
  if (solved.nodes.rows == 0) return j;
  j["rank_low"] = value(solved.bounds.lo[n]);
  j["rank_high"] = value(solved.bounds.hi[n]);
  j["low_from"] = source_of(solved.bounds.lo_from[n]);
  j["high_from"] = source_of(solved.bounds.hi_from[n]);
  const std::vector<uint8_t>& facts = solved.nodes.facts;
  const auto settled = [&](EdgeIndex e) {
    return e != kNoEdge && std::binary_search(solved.settled.begin(), solved.settled.end(), e);
  };
  // What a node says of its neighbour over a link seen from the node.
  const auto bound_on = [&](Link link, EdgeIndex e) {
    if (link == Link::Mirror) return Bound::Exactly;
    return neighbour_at_most(link, lat.out_labels()[e].side()) ? Bound::AtMost : Bound::AtLeast;
  };
  const auto entry = [&](NodeId other, Bound b, Rank rank) {
    return nlohmann::ordered_json{{"material", material(other)},
                                  {"score", value(scored.scores[other])},
                                  {"bound", bound_name(b)},
                                  {"rank", value(rank)},
                                  {"text", text_of(pieces, b, rank)}};
  };
  // A solved row, or the mirror of one: a fact, which bounds others and takes no bound.
  const bool solved_row = facts[n] != 0;
  Links(lat).for_each_link(n, [&](NodeId other, Link link, EdgeIndex e) {
    if (other == n) return;  // its own mirror: a fact only if solved, and no neighbour
    if (settled(e)) {
      j["settled"].push_back(
          {{"material", material(other)}, {"score", value(scored.scores[other])}});
      return;
    }
    if (facts[other] && !solved_row) {
      // The solved neighbour's bound on this node: over the link seen from the neighbour.
      const Bound b = bound_on(reversed(link), e);
      const Rank rank =
          b == Bound::Exactly ? mirror(solved.nodes.ranks[other]) : solved.nodes.ranks[other];
      j["from_neighbours"].push_back(entry(other, b, rank));
    }
    if (solved_row && link != Link::Mirror) {
      const Bound b = bound_on(link, e);
      const Rank rank = b == Bound::Exactly ? mirror(solved.nodes.ranks[n]) : solved.nodes.ranks[n];
      j["on_neighbours"].push_back(entry(other, b, rank));
    }
  });
  return j;
}

}  // namespace egkb
