// How hard the fault and race tests try: a few trials by default, so that CI answers quickly,
// and many with EGKB_TEST_LONG=1 (`./test.sh --long`), where a rare interleaving has its chance.
#pragma once

namespace egkb::test {

// `few`, or `many` when the environment asks for the long run.
int trials(int few, int many);

}  // namespace egkb::test
