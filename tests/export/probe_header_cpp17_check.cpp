// Two prefixed headers and an empty base's in one C++17 file with libegkb-probe's header, built
// with -Wold-style-cast and -Wconversion: they compile clean and each answers from its own data,
// by text, counts and a key kept as pieces are captured.
#include <egkb/probe.h>

#include <cstdio>

#include "chess_kb.h"
#include "empty.h"
#include "xq.h"

int main() {
  const int rook[XQ_KINDS] = {1, 0, 0, 0, 0, 0};
  const int bare[XQ_KINDS] = {0, 0, 0, 0, 0, 0};
  const int by_counts = xq_probe_counts(rook, bare);
  const int by_text = xq_probe_material("KRK");
  // KRvK: white's rook captured leaves KvK.
  const int white_rook[CHESS_KB_KINDS] = {0, 1, 0, 0, 0};
  const int nothing[CHESS_KB_KINDS] = {0, 0, 0, 0, 0};
  uint64_t key = chess_kb_key_of_counts(white_rook, nothing);
  const int before = chess_kb_probe_key(key);
  key = chess_kb_key_remove(key, 0, 1);
  const bool fresh = key == chess_kb_key_of_counts(nothing, nothing);
  int dims[CHESS_KB_KINDS];
  const int kinds = chess_kb_dimensions(dims);
  const int empty_none[EMPTY_KINDS] = {0};
  const int empty_score = empty_probe_counts(empty_none, empty_none);
  std::printf("xq KRK %d by counts, %d by text; chess_kb KRvK %d, after the capture %d; empty %d\n",
              by_counts, by_text, before, chess_kb_probe_key(key), empty_score);
  return by_counts == by_text && by_counts >= 0 && before == 0 && fresh && kinds == 5 &&
                 empty_score == EMPTY_UNKNOWN && chess_kb_probe_material("KRvK") == before &&
                 egkb_score_bonus(9, 100) == xq_score_bonus(9, 100)
             ? 0
             : 1;
}
