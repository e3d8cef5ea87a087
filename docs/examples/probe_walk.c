/* An engine's use of libegkb-probe (docs/guide-engine.md): open a table once, keep the
 * material's key as pieces are captured (and, in chess, a pawn promoted), and probe by key at
 * each step, as a search would at each capture.
 *
 *   cc -std=c99 $(pkg-config --cflags egkb-probe) probe_walk.c $(pkg-config --libs egkb-probe)
 *   ./a.out kb.egkb KRNCPKRNPGM
 */
#include <egkb/probe.h>
#include <stdio.h>
#include <string.h>

/* The material's text from its counts, as egkb writes it (a 'v' between chess sides). */
static void material_text(const egkb_table* t, int counts[2][EGKB_MOST_KINDS], char* out) {
  const char* letters = egkb_kind_letters(t);
  int side, k, n;
  for (side = 0; side < 2; ++side) {
    if (side == 1 && strcmp(egkb_pieces(t), "chess") == 0) *out++ = 'v';
    *out++ = 'K';
    for (k = 0; letters[k]; ++k) {
      for (n = 0; n < counts[side][k]; ++n) *out++ = letters[k];
    }
  }
  *out = '\0';
}

static void show(const egkb_table* t, const char* what, egkb_key key,
                 int counts[2][EGKB_MOST_KINDS]) {
  char text[64];
  const int score = egkb_probe_key(t, key);
  material_text(t, counts, text);
  printf("%-24s %-20s score %2d  %s\n", what, text, score, egkb_meaning(t, score));
}

int main(int argc, char** argv) {
  const char* why = "";
  egkb_table* t;
  int counts[2][EGKB_MOST_KINDS] = {{0}};
  egkb_key key;
  int move, side, k, promoted = 0;
  const char* letters;
  if (argc != 3) {
    fprintf(stderr, "usage: %s TABLE MATERIAL\n", argv[0]);
    return 2;
  }
  t = egkb_open(argv[1], &why);
  if (!t) {
    fprintf(stderr, "%s: %s\n", argv[1], why);
    return 1;
  }
  letters = egkb_kind_letters(t);
  if (egkb_counts_from_material(t, argv[2], counts[0], counts[1]) != 0) {
    fprintf(stderr, "%s: not a material of this table's pieces (%s)\n", argv[2], letters);
    egkb_close(t);
    return 2;
  }
  key = egkb_key_of_counts(t, counts[0], counts[1]);
  show(t, "start", key, counts);
  /* Each move the side to move loses its first piece; once, in chess, a pawn becomes a queen. */
  for (move = 0; key != EGKB_NO_KEY; ++move) {
    char what[32];
    const char* pawn = strchr(letters, 'P');
    side = move % 2;
    if (!promoted && pawn && strcmp(egkb_pieces(t), "chess") == 0 &&
        counts[side][pawn - letters] > 0) {
      key = egkb_key_remove(t, key, (enum egkb_side)side, (int)(pawn - letters));
      key = egkb_key_add(t, key, (enum egkb_side)side, 0);
      --counts[side][pawn - letters];
      ++counts[side][0];
      promoted = 1;
      snprintf(what, sizeof what, "%s promotes P=%c", side ? "second" : "first", letters[0]);
      show(t, what, key, counts);
      continue;
    }
    for (k = 0; letters[k] && counts[side][k] == 0; ++k) {
    }
    if (!letters[k]) {
      for (k = 0; letters[k] && counts[1 - side][k] == 0; ++k) {
      }
      if (!letters[k]) break; /* bare kings */
      side = 1 - side;
    }
    key = egkb_key_remove(t, key, (enum egkb_side)side, k);
    --counts[side][k];
    snprintf(what, sizeof what, "%s loses %c", side ? "second" : "first", letters[k]);
    show(t, what, key, counts);
  }
  egkb_close(t);
  return 0;
}
