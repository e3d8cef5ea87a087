#include "tests/support/trials.h"

#include <cstdlib>
#include <string_view>

namespace egkb::test {

int trials(int few, int many) {
  const char* long_run = std::getenv("EGKB_TEST_LONG");
  return long_run != nullptr && std::string_view(long_run) == "1" ? many : few;
}

}  // namespace egkb::test
