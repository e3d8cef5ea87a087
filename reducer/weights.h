// Weights of the weighted ranking and edit score (the paper's future work) and of the nodes.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "lattice/lattice.h"

namespace egkb {

// Node weights by provenance (docs/design.md section 3); expert rows are invariable instead.
struct NodeWeights {
  double manual = 10;
  double generated = 1;

  double of(Source s) const { return s == Source::Manual ? manual : generated; }
};

// Dm of an edge: the value of the piece it adds. Guards and ministers count more (x
// cannon_raise) while their owner still has a cannon, which needs them as screens.
struct PieceWeights {
  ByKind<double> value{};
  double cannon_raise = 1.5;
  double mirror = 9;  // Dm of a mirror link: a disagreeing pair is as bad as a rook edge

  // R 9, C 4.5, N 4, P 1.5, G 2, M 2 for xiangqi; Q 9, R 5, B 3, N 3, P 1 for chess.
  static PieceWeights defaults(const PieceSet& pieces);
};

struct ReduceWeights {
  PieceWeights pieces;
  NodeWeights nodes;

  static ReduceWeights defaults(const PieceSet& pieces) {
    return {PieceWeights::defaults(pieces), NodeWeights{}};
  }
};

// Parses JSON weights: {"pieces": {"R": 9, ...}, "cannon_raise": 1.5, "mirror": 9,
// "manual": 10, "generated": 1}; every key optional. Throws InputError naming `origin` and the
// key.
ReduceWeights parse_weights(std::string_view json, const std::string& origin,
                            const PieceSet& pieces);

// Dm of every out-edge of the lattice, by edge index.
std::vector<float> edge_piece_weights(const Lattice& lattice, const PieceWeights& weights);

}  // namespace egkb
