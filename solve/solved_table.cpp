#include "solve/solved_table.h"

#include "solve/materials.h"

namespace egkb::solve {

const char* rules_name(Rules r) {
  return r == Rules::exact ? "exact" : "repetition-draw";
}

Rules rules_of(const Material& m) {
  return is_one_sided(m) ? Rules::exact : Rules::repetition_draw;
}

}  // namespace egkb::solve
