/* The generated headers compiled as C (C99, -Wall -Wextra -Wpedantic -Werror) beside
 * libegkb-probe's header and linked with the library: the default prefix (kb) and two others
 * clash with none of its names. KRvK is a win for white (red) in the chess data, KvKR one for
 * black, and seven queens are not in the table; two bases with their own prefixes in one file
 * answer each from its own data; an empty base's header compiles and knows nothing. */
#include <egkb/probe.h>
#include <stdio.h>
#include <string.h>

#include EGKB_PROBE_HEADER
#include "chess_kb.h"
#include "empty.h"
#include "xq.h"

int main(void) {
  const int rook[KB_KINDS] = {0, 1, 0, 0, 0};
  const int none[KB_KINDS] = {0, 0, 0, 0, 0};
  const int queens[KB_KINDS] = {7, 0, 0, 0, 0};
  const int white = kb_probe(rook, none);
  const int black = kb_probe(none, rook);
  const int unknown = kb_probe(queens, none);
  const int xq_rook = xq_probe_material("KRK");
  const int chess_rook = chess_kb_probe_material("KRvK");
  const int xq_parted = xq_probe_material("KRvK"); /* a 'v' parts the sides in either game */
  const int xq_queen = xq_probe_material("KQvK");
  const int empty_none[EMPTY_KINDS] = {0};
  const int nothing = empty_probe_counts(empty_none, empty_none);
  const int library = strcmp(egkb_probe_version(), EGKB_PROBE_VERSION) == 0 &&
                      egkb_score_bonus(0, 100) == kb_score_bonus(0, 100) &&
                      egkb_probe_material(NULL, "KRvK") == EGKB_UNKNOWN;
  printf("KRvK %d, KvKR %d, KQQQQQQQvK %d; xq KRK %d, chess_kb KRvK %d, empty %d; library %d\n",
         white, black, unknown, xq_rook, chess_rook, nothing, library);
  return white == 0 && black == 9 && unknown == KB_UNKNOWN && chess_rook == 0 && xq_rook >= 0 &&
                 xq_rook <= 9 && xq_parted == xq_rook && xq_queen == XQ_UNKNOWN && XQ_KINDS == 6 &&
                 CHESS_KB_KINDS == 5 && nothing == EMPTY_UNKNOWN && library
             ? 0
             : 1;
}
