#include "solve/solved_table.h"

#include "solve/materials.h"

namespace egkb::solve {

const char* rules_name(Rules r) {
  return r == Rules::asian ? "asian" : "repetition-draw";
}

Rules rules_of(const Material& m) {
  return is_one_sided(m) ? Rules::asian : Rules::repetition_draw;
}

}  // namespace egkb::solve
