/* The generated header compiled as C (C99, -Wall -Wextra -Wpedantic -Werror): KRvK is a win for
 * white (red) in the chess data, KvKR one for black, and seven queens are not in the table. */
#include <stdio.h>

#include EGKB_PROBE_HEADER

int main(void) {
  const int rook[EGKB_KINDS] = {0, 1, 0, 0, 0};
  const int none[EGKB_KINDS] = {0, 0, 0, 0, 0};
  const int queens[EGKB_KINDS] = {7, 0, 0, 0, 0};
  const int white = egkb_probe(rook, none);
  const int black = egkb_probe(none, rook);
  const int unknown = egkb_probe(queens, none);
  printf("KRvK %d, KvKR %d, KQQQQQQQvK %d\n", white, black, unknown);
  return white == 0 && black == 9 && unknown == EGKB_UNKNOWN ? 0 : 1;
}
