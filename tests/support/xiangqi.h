// The xiangqi piece set and a material's key by its text, as most tests name their nodes.
#pragma once

#include "lattice/material.h"

namespace egkb::test {

inline const PieceSet& xq = PieceSet::xiangqi();

inline Key key(const char* text) {
  return key_of(parse_material(text, xq), xq);
}

}  // namespace egkb::test
