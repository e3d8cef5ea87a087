// The lattice as a Boost.Graph compressed_sparse_row_graph (bidirectional): the view for
// algorithms written against the graph concepts (breadth-first search in the tests).
#pragma once

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include "lattice/lattice.h"

namespace egkb {

struct LatticeGraph {
  using Csr = boost::compressed_sparse_row_graph<boost::bidirectionalS, boost::no_property,
                                                 EdgeLabel, boost::no_property, NodeId, EdgeIndex>;
  Csr csr;
};

}  // namespace egkb
