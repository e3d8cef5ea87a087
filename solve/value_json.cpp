#include "solve/value_json.h"

#include "lattice/piece_set.h"
#include "lattice/solved.h"
#include "solve/materials.h"

namespace egkb::solve {

nlohmann::ordered_json value_json(const Value& v) {
  const char* name = v.outcome == Outcome::win    ? "win"
                     : v.outcome == Outcome::loss ? "loss"
                                                  : "draw";
  nlohmann::ordered_json j = {{"value", name}, {"distance", nullptr}, {"ends_in", nullptr}};
  if (v.outcome != Outcome::draw) {
    j["distance"] = v.distance;
    j["ends_in"] = line_end_name(*v.ends_in);
  }
  return j;
}

nlohmann::ordered_json position_value_json(const std::string& fen, const Position& p,
                                           const PositionValue& v) {
  nlohmann::ordered_json doc = {{"fen", fen},
                                {"material", material_text(v.material)},
                                {"rules", rules_name(v.rules)},
                                {"to_move", PieceSet::xiangqi().side_name(p.to_move())}};
  doc.update(value_json(v.value));
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  for (const MoveValue& m : v.moves) {
    nlohmann::ordered_json j = {{"move", m.move}};
    j.update(value_json(m.value));
    moves.push_back(j);
  }
  doc["moves"] = moves;
  return doc;
}

}  // namespace egkb::solve
