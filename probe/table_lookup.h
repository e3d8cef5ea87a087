/* The lookups of an egkb table, in the one C source that every reader uses: libegkb-probe
 * (probe/probe.c), `egkb probe` and egkb's own reader (export/engine_table.cpp, through the
 * library), and the header `egkb export --format header` writes, which embeds this file whole.
 * The table's layout in memory, material text and FEN read into counts, keys kept as pieces come
 * and go, and a score's meaning and bonus; the file's layout and checks are probe/table_file.c.
 *
 * Plain C99 that is also C++ (-Wold-style-cast -Wconversion -Wsign-conversion clean), static
 * inline, no allocation, no state: safe from any number of threads. The piece sets' data comes
 * after it, written at build time from egkb's own piece sets by probe/lookup_data_tool.cpp. */
#ifndef EGKB_TABLE_LOOKUP_H
/* The version of these lookups: two headers that embed different versions in one file stop
 * with an error below, rather than one silently answering with the other's code. */
#define EGKB_TABLE_LOOKUP_H 3

#include <stdint.h>

#ifdef __cplusplus
#define EGKB_LOOKUP_CAST(type, value) static_cast<type>(value)
#else
#define EGKB_LOOKUP_CAST(type, value) ((type)(value))
#endif

#define EGKB_LOOKUP_KINDS 8                /* no piece set has more kinds; the king is not one */
#define EGKB_LOOKUP_KING EGKB_LOOKUP_KINDS /* the king's "kind" in fen_kind_of */
#define EGKB_LOOKUP_UNKNOWN (-1)
#define EGKB_LOOKUP_NO_KEY UINT64_MAX
#define EGKB_LOOKUP_NO_SCORE 255u
#define EGKB_LOOKUP_MOST_SCORE 9
/* Keys whose counts leave the table's box carry the counts themselves, 4 bits a kind, with this
 * bit set: a key that left the box comes back when the counts do. */
#define EGKB_LOOKUP_OUTSIDE (UINT64_C(1) << 63)

/* A piece set as tables know it. */
struct egkb_lookup_pieces {
  const char* name;                      /* "xiangqi", "chess" */
  int game;                              /* enum egkb_game: 1 xiangqi, 2 chess */
  int kinds;                             /* piece kinds other than the king */
  const char* letters;                   /* their letters in canonical order, "RNCPGM" */
  unsigned char most[EGKB_LOOKUP_KINDS]; /* most pieces of a kind one side may have (< 16) */
  signed char kind_of[128];              /* a material text's letter (aliases too) -> kind, or -1 */
  signed char fen_kind_of[128]; /* an engine FEN's letter, upper case -> kind, king, or -1 */
  int files, ranks;             /* the board a FEN describes */
  const char* meanings[10];     /* of the scores 0..9, from the first side's view */
  int bonus[10];                /* centipawns for the first side, by score (egkb_lookup_bonus) */
};

/* A table in memory. Each side's counts are a configuration: a mixed-radix number over the
 * table's box (dims; the last kind least significant). A configuration's column comes from
 * side_columns for the second side, and from first_rows, already times the row's length, for the
 * first. Both have one entry more than the box: configuration `box` stands for counts outside it.
 * A configuration the table does not use, and that last one, have column `columns`, whose row
 * and column of scores hold -1 (255 in the file): so a probe is three loads, no multiplication
 * and no branch. */
struct egkb_lookup_table {
  const struct egkb_lookup_pieces* pieces;
  uint32_t box;     /* side configurations: the product of dims */
  uint32_t columns; /* the configurations the table uses */
  uint32_t dims[EGKB_LOOKUP_KINDS];
  uint32_t strides[EGKB_LOOKUP_KINDS];
  const uint32_t* first_rows;   /* box + 1 entries: column * (columns + 1) */
  const uint16_t* side_columns; /* box + 1 entries */
  const int8_t* scores;         /* (columns + 1)^2: [first's row + second's column], 0..9 or -1 */
};

/* One side's configuration over `kinds` kinds, or t->box when a count is outside the box. */
static inline uint32_t egkb_lookup_configuration_of(const struct egkb_lookup_table* t,
                                                    const int counts[], int kinds) {
  uint32_t configuration = 0, outside = 0;
  int k;
  for (k = 0; k < kinds; ++k) {
    const uint32_t count = EGKB_LOOKUP_CAST(uint32_t, counts[k]);
    outside |= EGKB_LOOKUP_CAST(uint32_t, count >= t->dims[k]);
    configuration += count * t->strides[k];
  }
  return outside ? t->box : configuration;
}

/* The same, the number of kinds a constant in each case so that the loop unrolls (the header's
 * is a constant already, and the switch goes). */
static inline uint32_t egkb_lookup_configuration(const struct egkb_lookup_table* t,
                                                 const int counts[]) {
  switch (t->pieces->kinds) {
    case 1:
      return egkb_lookup_configuration_of(t, counts, 1);
    case 2:
      return egkb_lookup_configuration_of(t, counts, 2);
    case 3:
      return egkb_lookup_configuration_of(t, counts, 3);
    case 4:
      return egkb_lookup_configuration_of(t, counts, 4);
    case 5:
      return egkb_lookup_configuration_of(t, counts, 5);
    case 6:
      return egkb_lookup_configuration_of(t, counts, 6);
    case 7:
      return egkb_lookup_configuration_of(t, counts, 7);
    default:
      return egkb_lookup_configuration_of(t, counts, EGKB_LOOKUP_KINDS);
  }
}

/* The score of two configurations (each < box, or box), or EGKB_LOOKUP_UNKNOWN: known and
 * unknown alike, so a mix of them costs no mispredicted branch. */
static inline int egkb_lookup_score(const struct egkb_lookup_table* t, uint32_t first,
                                    uint32_t second) {
  return t->scores[t->first_rows[first] + EGKB_LOOKUP_CAST(uint32_t, t->side_columns[second])];
}

static inline int egkb_lookup_probe_counts(const struct egkb_lookup_table* t, const int first[],
                                           const int second[]) {
  if (!first || !second) return EGKB_LOOKUP_UNKNOWN;
  return egkb_lookup_score(t, egkb_lookup_configuration(t, first),
                           egkb_lookup_configuration(t, second));
}

/* A key's two halves clamped to the box: an outside key, EGKB_LOOKUP_NO_KEY and any stray
 * number land on the last configuration, which is unknown. */
static inline int egkb_lookup_probe_key(const struct egkb_lookup_table* t, uint64_t key) {
  const uint64_t first = key >> 32, second = key & UINT32_MAX;
  return egkb_lookup_score(t, EGKB_LOOKUP_CAST(uint32_t, first < t->box ? first : t->box),
                           EGKB_LOOKUP_CAST(uint32_t, second < t->box ? second : t->box));
}

/* The outside form: each count in 4 bits (first side from bit 32), or NO_KEY when a count is
 * beyond what the piece set allows a side (so beyond any game). */
static inline uint64_t egkb_lookup_outside_key(const struct egkb_lookup_pieces* p,
                                               const int first[], const int second[]) {
  uint64_t key = EGKB_LOOKUP_OUTSIDE;
  int k;
  for (k = 0; k < p->kinds; ++k) {
    if (first[k] < 0 || first[k] > p->most[k] || second[k] < 0 || second[k] > p->most[k])
      return EGKB_LOOKUP_NO_KEY;
    key |= EGKB_LOOKUP_CAST(uint64_t, first[k]) << (32 + 4 * k);
    key |= EGKB_LOOKUP_CAST(uint64_t, second[k]) << (4 * k);
  }
  return key;
}

/* Inside the box: first's configuration << 32 | second's. Outside: the outside form. */
static inline uint64_t egkb_lookup_key_of_counts(const struct egkb_lookup_table* t,
                                                 const int first[], const int second[]) {
  uint32_t a, b;
  if (!first || !second) return EGKB_LOOKUP_NO_KEY;
  a = egkb_lookup_configuration(t, first);
  b = egkb_lookup_configuration(t, second);
  if (a < t->box && b < t->box) return EGKB_LOOKUP_CAST(uint64_t, a) << 32 | b;
  return egkb_lookup_outside_key(t->pieces, first, second);
}

/* The counts a key stands for: 0, or -1 for a number no counts give. */
static inline int egkb_lookup_counts_of_key(const struct egkb_lookup_table* t, uint64_t key,
                                            int first[], int second[]) {
  const int kinds = t->pieces->kinds;
  int k;
  if (key & EGKB_LOOKUP_OUTSIDE) {
    if (key >> (32 + 4 * kinds) != EGKB_LOOKUP_OUTSIDE >> (32 + 4 * kinds) ||
        (key & UINT32_MAX) >> (4 * kinds) != 0)
      return -1;
    for (k = 0; k < kinds; ++k) {
      first[k] = EGKB_LOOKUP_CAST(int, key >> (32 + 4 * k) & 15u);
      second[k] = EGKB_LOOKUP_CAST(int, key >> (4 * k) & 15u);
      if (first[k] > t->pieces->most[k] || second[k] > t->pieces->most[k]) return -1;
    }
    return 0;
  }
  if (key >> 32 >= t->box || (key & UINT32_MAX) >= t->box) return -1;
  for (k = 0; k < kinds; ++k) {
    first[k] = EGKB_LOOKUP_CAST(int, (key >> 32) / t->strides[k] % t->dims[k]);
    second[k] = EGKB_LOOKUP_CAST(int, (key & UINT32_MAX) / t->strides[k] % t->dims[k]);
  }
  return 0;
}

/* The key with one piece of `kind` more (by 1) or less (by -1) for `side` (0 first, 1 second):
 * one addition while the counts stay in the box, else through the counts. NO_KEY for a side
 * without that piece, a count beyond the piece set, or a key no counts give. */
static inline uint64_t egkb_lookup_key_step(const struct egkb_lookup_table* t, uint64_t key,
                                            int side, int kind, int by) {
  int counts[2][EGKB_LOOKUP_KINDS];
  if ((side != 0 && side != 1) || kind < 0 || kind >= t->pieces->kinds) return EGKB_LOOKUP_NO_KEY;
  if (!(key & EGKB_LOOKUP_OUTSIDE) && key >> 32 < t->box && (key & UINT32_MAX) < t->box) {
    const uint32_t shift = side == 0 ? 32u : 0u;
    const uint64_t stride = EGKB_LOOKUP_CAST(uint64_t, t->strides[kind]);
    const uint64_t count = (key >> shift & UINT32_MAX) / stride % t->dims[kind];
    if (by > 0 ? count + 1 < t->dims[kind] : count > 0)
      return by > 0 ? key + (stride << shift) : key - (stride << shift);
  }
  if (egkb_lookup_counts_of_key(t, key, counts[0], counts[1]) != 0) return EGKB_LOOKUP_NO_KEY;
  counts[side][kind] += by;
  if (counts[side][kind] < 0) return EGKB_LOOKUP_NO_KEY;
  return egkb_lookup_key_of_counts(t, counts[0], counts[1]);
}

/* A material as egkb writes and reads it everywhere (lattice/material.cpp): 'K', the first
 * side's pieces, an optional 'v' right before the second 'K', the second side's pieces. Letters
 * and their aliases are the set's; no kind beyond its most. Counts of the set's kinds; 0 or -1. */
static inline int egkb_lookup_counts_of_material(const struct egkb_lookup_pieces* p,
                                                 const char* text, int first[], int second[]) {
  int* counts[2];
  int side = 0, separated = 0, k;
  const char* c;
  if (!text || !first || !second) return -1;
  counts[0] = first;
  counts[1] = second;
  for (k = 0; k < p->kinds; ++k) first[k] = second[k] = 0;
  if (text[0] != 'K') return -1;
  for (c = text + 1; *c; ++c) {
    const unsigned char letter = EGKB_LOOKUP_CAST(unsigned char, *c);
    if (letter == 'v') {
      if (side == 1 || separated || c[1] != 'K') return -1;
      separated = 1;
    } else if (letter == 'K') {
      if (side == 1) return -1;
      side = 1;
    } else {
      k = letter < 128 ? p->kind_of[letter] : -1;
      if (k < 0 || counts[side][k] >= p->most[k]) return -1;
      ++counts[side][k];
    }
  }
  return side == 1 ? 0 : -1;
}

/* The pieces on the board of a FEN, as the engines write it (xiangqi as Fairy-Stockfish does:
 * R N B A C P K, the first side upper case): the board's shape the set's, one king a side, no
 * kind beyond its most. What follows the board (side to move, ...) is not read. 0 or -1. */
static inline int egkb_lookup_counts_of_fen(const struct egkb_lookup_pieces* p, const char* fen,
                                            int first[], int second[]) {
  int* counts[2];
  int kings[2] = {0, 0}, rank = 0, file = 0, k;
  const char* c;
  if (!fen || !first || !second) return -1;
  counts[0] = first;
  counts[1] = second;
  for (k = 0; k < p->kinds; ++k) first[k] = second[k] = 0;
  for (c = fen; *c && *c != ' '; ++c) {
    const unsigned char letter = EGKB_LOOKUP_CAST(unsigned char, *c);
    const int side = letter >= 'a' && letter <= 'z';
    if (letter == '/') {
      if (file != p->files || ++rank >= p->ranks) return -1;
      file = 0;
      continue;
    }
    if (letter >= '1' && letter <= '9') {
      file += letter - '0';
      if (file > p->files) return -1;
      continue;
    }
    if (!side && !(letter >= 'A' && letter <= 'Z')) return -1;
    k = p->fen_kind_of[side ? letter - 'a' + 'A' : letter];
    if (k < 0 || ++file > p->files) return -1;
    if (k == EGKB_LOOKUP_KING) {
      if (++kings[side] > 1) return -1;
    } else if (counts[side][k]++ >= p->most[k]) {
      return -1;
    }
  }
  return rank == p->ranks - 1 && file == p->files && kings[0] == 1 && kings[1] == 1 ? 0 : -1;
}

/* A score from `side`'s view (0 first, 1 second): 0 that side wins ... 9 it loses. */
static inline int egkb_lookup_score_for_side(int score, int side) {
  if (score < 0 || score > EGKB_LOOKUP_MOST_SCORE || (side != 0 && side != 1))
    return EGKB_LOOKUP_UNKNOWN;
  return side == 0 ? score : EGKB_LOOKUP_MOST_SCORE - score;
}

/* The centipawns a score is worth to the first side, scaled by percent/100 (docs/guide-engine.md
 * section 5 gives the reasoning); 0 for an unknown score. */
static inline int egkb_lookup_bonus(const struct egkb_lookup_pieces* p, int score, int percent) {
  if (score < 0 || score > EGKB_LOOKUP_MOST_SCORE) return 0;
  return EGKB_LOOKUP_CAST(int, EGKB_LOOKUP_CAST(long, p->bonus[score]) * percent / 100);
}

static inline const char* egkb_lookup_meaning(const struct egkb_lookup_pieces* p, int score) {
  return score >= 0 && score <= EGKB_LOOKUP_MOST_SCORE ? p->meanings[score] : "unknown";
}

#elif EGKB_TABLE_LOOKUP_H != 3
#error "two egkb headers of different versions in one file: export both with one egkb"
#endif /* EGKB_TABLE_LOOKUP_H */
