/* The generated headers compiled as C (C99, -Wall -Wextra -Wpedantic -Werror): KRvK is a win for
 * white (red) in the chess data, KvKR one for black, and seven queens are not in the table; two
 * bases with their own prefixes in one file answer each from its own data; an empty base's
 * header compiles and knows nothing. */
#include <stdio.h>

#include EGKB_PROBE_HEADER
#include "chess_kb.h"
#include "empty.h"
#include "xq.h"

int main(void) {
  const int rook[EGKB_KINDS] = {0, 1, 0, 0, 0};
  const int none[EGKB_KINDS] = {0, 0, 0, 0, 0};
  const int queens[EGKB_KINDS] = {7, 0, 0, 0, 0};
  const int white = egkb_probe(rook, none);
  const int black = egkb_probe(none, rook);
  const int unknown = egkb_probe(queens, none);
  const int xq_rook = xq_probe_material("KRK");
  const int chess_rook = chess_kb_probe_material("KRvK");
  const int xq_chess_text = xq_probe_material("KRvK");
  const int empty_none[EMPTY_KINDS] = {0};
  const int nothing = empty_probe_counts(empty_none, empty_none);
  printf("KRvK %d, KvKR %d, KQQQQQQQvK %d; xq KRK %d, chess_kb KRvK %d, empty %d\n", white, black,
         unknown, xq_rook, chess_rook, nothing);
  return white == 0 && black == 9 && unknown == EGKB_UNKNOWN && chess_rook == 0 && xq_rook >= 0 &&
                 xq_rook <= 9 && xq_chess_text == XQ_UNKNOWN && XQ_KINDS == 6 &&
                 CHESS_KB_KINDS == 5 && nothing == EMPTY_UNKNOWN
             ? 0
             : 1;
}
