// The shipped Syzygy chess data (datasets/chess-syzygy-6men.csv): 510 rows, one orientation each.
#pragma once

#include "lattice/knowledge_base.h"

namespace egkb::test {

KnowledgeBase chess_data();

}  // namespace egkb::test
