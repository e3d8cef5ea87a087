// A position's exact value read from kept tables, as the published xiangqi query systems give it:
// win, draw or loss for the side to move, the plies to the end of the line (a mate, or the
// capture that decides it), and every legal move with its value.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/position.h"
#include "solve/solved_table.h"
#include "solve/table_file.h"

namespace egkb::solve {

enum class LineEnd : uint8_t { mate, capture };
// "mate", "capture".
const char* line_end_name(LineEnd e);

// A value from the view of the side to move at the position asked about. The distance counts
// plies to the end of the line, the first capture or a mate, the winner taking the shortest
// and the loser the longest (distance to conversion). It ends in a mate when the winner mates in
// exactly those plies whatever the loser does, captures included; in a capture otherwise (one
// side's best line may take a piece first).
struct Value {
  Outcome outcome = Outcome::draw;  // win, draw or loss
  int distance = 0;                 // 0 for a draw
  std::optional<LineEnd> ends_in;   // none for a draw
};

struct MoveValue {
  std::string move;  // "e2e3": from and to, files a..i, ranks 1..10 from red's side
  bool capture = false;
  Value value;     // for the side to move before the move: the move's result
  Position after;  // the position the move reaches, the other side to move
};

struct PositionValue {
  Material material;  // of the position as given
  SolveRules rules = SolveRules::Exact;
  Value value;
  std::vector<MoveValue> moves;  // every legal move, in generation order
};

// Reads tables from a folder (solve/solve_run.h's TableFolder files), a material's or its
// mirror's, whichever is kept.
class TableShelf {
 public:
  explicit TableShelf(std::string folder) : folder_(std::move(folder)) {}
  // The reader of `m`'s table, or of its mirror's (`mirrored` then true); nullptr when neither
  // is kept.
  TableReader* find(const Material& m, bool& mirrored);
  const std::string& folder() const { return folder_; }

 private:
  std::string folder_;
  std::map<std::string, std::unique_ptr<TableReader>> open_;
};

// The value of a legal xiangqi position and of each of its moves. Throws InputError (field FEN)
// when the position is illegal, or when its material, or one a capture leads to, is not kept on
// the shelf, or was kept without distances.
PositionValue query_position(const Position& p, TableShelf& shelf);

}  // namespace egkb::solve
