#include "tests/support/chess.h"

#include "io/csv.h"

namespace egkb::test {

KnowledgeBase chess_data() {
  CsvOptions options;
  options.pieces = &PieceSet::chess();
  return read_csv(std::string(EGKB_DATA_DIR) + "/chess-syzygy-6men.csv", options);
}

}  // namespace egkb::test
