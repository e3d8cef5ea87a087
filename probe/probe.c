/* egkb-probe: the table format of docs/formats.md ("table"), read once into memory. The file is
 * checked as `egkb probe` checks it (export/engine_table.cpp), so a table one accepts the other
 * does too. */
#include "egkb/probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {
  HEADER_BYTES = 64,
  VERSION = 2,
  VERSION_AT = 8,
  KINDS_AT = 10,
  FLAGS_AT = 11,
  PIECE_SET_AT = 12,
  PIECE_SET_BYTES = 12,
  LETTERS_AT = 24,
  DIMS_AT = 32,
  COLUMNS_AT = 40,
  BOX_AT = 48,
  KNOWN_AT = 56,
  CHECKSUM_AT = 60,
  NO_COLUMN = 0xFFFF,
  UNKNOWN_SCORE = 255,
  MOST_SCORE = 9
};
static const unsigned long long MOST_BOX_ENTRIES = 1ULL << 26;

/* The piece sets egkb knows: the kinds' letters, the aliases read in material text, and the
 * most pieces of each kind a side may have. */
struct piece_set {
  const char* name;
  const char* letters;
  const char* aliases; /* per kind, 0 for none */
  int most[EGKB_MOST_KINDS];
};
static const struct piece_set PIECE_SETS[] = {
    {"xiangqi", "RNCPGM", "\0H\0\0AE", {2, 2, 2, 5, 2, 2}},
    {"chess", "QRBNP", "\0\0\0\0\0", {9, 10, 10, 10, 8}},
};

struct egkb_table {
  const struct piece_set* pieces;
  int kinds;
  int dims[EGKB_MOST_KINDS];
  uint64_t stride[EGKB_MOST_KINDS]; /* of each kind in a side's configuration */
  uint64_t box;                     /* side configurations: the product of dims */
  uint32_t columns;
  int has_conflicts;
  uint16_t* index;       /* box entries: a configuration's column, NO_COLUMN for none */
  unsigned char* scores; /* columns * columns */
};

static uint64_t get_le(const unsigned char* at, int bytes) {
  uint64_t v = 0;
  int i;
  for (i = bytes - 1; i >= 0; --i) v = v << 8 | at[i];
  return v;
}

static egkb_table* refuse(const char** why, const char* reason, unsigned char* bytes) {
  free(bytes);
  if (why) *why = reason;
  return NULL;
}

/* The whole file, or NULL with its size when it is too large to be a table. */
static unsigned char* read_file(FILE* f, size_t* size) {
  long end;
  unsigned char* bytes;
  if (fseek(f, 0, SEEK_END) != 0 || (end = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) return NULL;
  *size = (size_t)end;
  if ((unsigned long long)end > HEADER_BYTES + 2 * MOST_BOX_ENTRIES + 65535ULL * 65535ULL)
    return NULL;
  bytes = (unsigned char*)malloc(*size ? *size : 1);
  if (bytes && fread(bytes, 1, *size, f) != *size) {
    free(bytes);
    return NULL;
  }
  return bytes;
}

egkb_table* egkb_open(const char* path, const char** why) {
  FILE* f = path ? fopen(path, "rb") : NULL;
  unsigned char* bytes;
  const unsigned char* h;
  size_t size = 0, i, n;
  uint64_t box, columns, known = 0, seen_columns = 0;
  unsigned char* seen;
  char name[PIECE_SET_BYTES + 1];
  egkb_table* t;
  int k;
  if (!f) return refuse(why, "cannot open the file", NULL);
  bytes = read_file(f, &size);
  fclose(f);
  if (!bytes) return refuse(why, "cannot read the file, or it is far too large for a table", NULL);
  h = bytes;
  if (size < HEADER_BYTES)
    return refuse(why, "header: truncated: shorter than the 64-byte header", bytes);
  if (memcmp(h, "EGKBTBL", 8) != 0)
    return refuse(why, "magic: not an egkb table (egkb export --format table writes one)", bytes);
  if (get_le(h + VERSION_AT, 2) != VERSION)
    return refuse(why, "version: another table format version: export the table again", bytes);
  box = get_le(h + BOX_AT, 8);
  columns = get_le(h + COLUMNS_AT, 4);
  if (box > MOST_BOX_ENTRIES || columns > NO_COLUMN ||
      size - HEADER_BYTES != 2 * box + columns * columns)
    return refuse(why, "entries: the file is truncated or damaged; export it again", bytes);
  {
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, h, CHECKSUM_AT);
    crc = crc32(crc, h + HEADER_BYTES, (uInt)(size - HEADER_BYTES));
    if ((uint32_t)crc != (uint32_t)get_le(h + CHECKSUM_AT, 4))
      return refuse(why, "checksum: the file is damaged; export it again", bytes);
  }
  memcpy(name, h + PIECE_SET_AT, PIECE_SET_BYTES);
  name[PIECE_SET_BYTES] = '\0';
  t = (egkb_table*)calloc(1, sizeof *t);
  if (!t) return refuse(why, "out of memory", bytes);
  for (i = 0; i < sizeof PIECE_SETS / sizeof PIECE_SETS[0]; ++i) {
    if (strcmp(name, PIECE_SETS[i].name) == 0) t->pieces = &PIECE_SETS[i];
  }
  if (!t->pieces) {
    free(t);
    return refuse(why, "pieces: an unknown piece set", bytes);
  }
  t->kinds = h[KINDS_AT];
  if (t->kinds != (int)strlen(t->pieces->letters)) {
    free(t);
    return refuse(why, "kinds: the number of kinds differs from the piece set's", bytes);
  }
  t->box = 1;
  for (k = 0; k < t->kinds; ++k) {
    t->dims[k] = h[DIMS_AT + k];
    if (h[LETTERS_AT + k] != (unsigned char)t->pieces->letters[k] || t->dims[k] < 1 ||
        t->dims[k] > t->pieces->most[k] + 1) {
      free(t);
      return refuse(why, "dimensions: the letters or the box differ from the piece set's", bytes);
    }
    t->box *= (uint64_t)t->dims[k];
  }
  for (k = t->kinds - 1; k >= 0; --k)
    t->stride[k] = k == t->kinds - 1 ? 1 : t->stride[k + 1] * (uint64_t)t->dims[k + 1];
  t->columns = (uint32_t)columns;
  t->has_conflicts = (h[FLAGS_AT] & 1) != 0;
  if (t->box != box) {
    free(t);
    return refuse(why, "entries: the box's size differs from the dimensions'", bytes);
  }
  /* One allocation holds the index and the scores; the file's bytes go. */
  n = (size_t)(2 * box + columns * columns);
  t->index = (uint16_t*)malloc(n ? n : 1);
  seen = (unsigned char*)calloc(columns ? (size_t)columns : 1, 1);
  if (!t->index || !seen) {
    free(seen);
    egkb_close(t);
    return refuse(why, "out of memory", bytes);
  }
  t->scores = (unsigned char*)(t->index + box);
  for (i = 0; i < (size_t)box; ++i) {
    const uint16_t c = (uint16_t)get_le(h + HEADER_BYTES + 2 * i, 2);
    t->index[i] = c;
    if (c == NO_COLUMN) continue;
    if (c >= columns || seen[c]++) {
      free(seen);
      egkb_close(t);
      return refuse(why, "columns: two side configurations share a column, or one is out of range",
                    bytes);
    }
    ++seen_columns;
  }
  free(seen);
  if (seen_columns != columns) {
    egkb_close(t);
    return refuse(why, "columns: a column no side configuration names", bytes);
  }
  memcpy(t->scores, h + HEADER_BYTES + 2 * box, (size_t)(columns * columns));
  for (i = 0; i < (size_t)(columns * columns); ++i) {
    if (t->scores[i] > MOST_SCORE && t->scores[i] != UNKNOWN_SCORE) {
      egkb_close(t);
      return refuse(why, "entries: a score byte is neither 0..9 nor 255", bytes);
    }
    known += t->scores[i] != UNKNOWN_SCORE;
  }
  if (known != get_le(h + KNOWN_AT, 4)) {
    egkb_close(t);
    return refuse(why, "known: the count of known entries does not match the entries", bytes);
  }
  free(bytes);
  return t;
}

void egkb_close(egkb_table* table) {
  if (!table) return;
  free(table->index);
  free(table);
}

const char* egkb_pieces(const egkb_table* table) {
  return table->pieces->name;
}

const char* egkb_kind_letters(const egkb_table* table) {
  return table->pieces->letters;
}

int egkb_dimensions(const egkb_table* table, int dims[EGKB_MOST_KINDS]) {
  int k;
  for (k = 0; dims && k < table->kinds; ++k) dims[k] = table->dims[k];
  return table->kinds;
}

int egkb_has_conflicts(const egkb_table* table) {
  return table->has_conflicts;
}

/* One side's configuration in the box, or the box's size when a count is out of it. */
static uint64_t configuration(const egkb_table* t, const int counts[]) {
  uint64_t c = 0;
  int k;
  for (k = 0; k < t->kinds; ++k) {
    if ((unsigned)counts[k] >= (unsigned)t->dims[k]) return t->box;
    c = c * (uint64_t)t->dims[k] + (uint64_t)counts[k];
  }
  return c;
}

egkb_key egkb_key_of_counts(const egkb_table* table, const int first[], const int second[]) {
  const uint64_t a = configuration(table, first), b = configuration(table, second);
  return a == table->box || b == table->box ? EGKB_NO_KEY : a * table->box + b;
}

int egkb_probe_key(const egkb_table* table, egkb_key key) {
  uint16_t a, b;
  unsigned char s;
  if (key >= table->box * table->box) return EGKB_UNKNOWN;
  a = table->index[key / table->box];
  b = table->index[key % table->box];
  if (a == NO_COLUMN || b == NO_COLUMN) return EGKB_UNKNOWN;
  s = table->scores[(size_t)a * table->columns + b];
  return s == UNKNOWN_SCORE ? EGKB_UNKNOWN : s;
}

int egkb_probe_counts(const egkb_table* table, const int first[], const int second[]) {
  return egkb_probe_key(table, egkb_key_of_counts(table, first, second));
}

/* The kind of a letter in material text (canonical or alias), or -1. */
static int kind_of(const struct piece_set* p, char c) {
  int k;
  for (k = 0; p->letters[k]; ++k) {
    if (c == p->letters[k] || (p->aliases[k] && c == p->aliases[k])) return k;
  }
  return -1;
}

int egkb_probe_material(const egkb_table* table, const char* material) {
  int counts[2][EGKB_MOST_KINDS] = {{0}};
  int side = -1, k;
  const char* c;
  const int chess = strcmp(table->pieces->name, "chess") == 0;
  if (!material) return EGKB_UNKNOWN;
  for (c = material; *c; ++c) {
    if (*c == 'K') {
      /* black's king: after red's pieces in xiangqi, right after the 'v' in chess */
      if (side == 1 || (chess && side == 0 && c[-1] != 'v')) return EGKB_UNKNOWN;
      ++side;
    } else if (*c == 'v' && chess && side == 0 && c[1] == 'K') {
      continue;
    } else if (side < 0 || (k = kind_of(table->pieces, *c)) < 0 ||
               ++counts[side][k] > table->pieces->most[k]) {
      return EGKB_UNKNOWN;
    }
  }
  if (side != 1) return EGKB_UNKNOWN;
  return egkb_probe_counts(table, counts[0], counts[1]);
}

static egkb_key step(const egkb_table* t, egkb_key key, enum egkb_side side, int kind, int by) {
  uint64_t conf, count;
  if (key >= t->box * t->box || kind < 0 || kind >= t->kinds ||
      (side != EGKB_FIRST && side != EGKB_SECOND))
    return EGKB_NO_KEY;
  conf = side == EGKB_FIRST ? key / t->box : key % t->box;
  count = conf / t->stride[kind] % (uint64_t)t->dims[kind];
  if ((by > 0 && count + 1 >= (uint64_t)t->dims[kind]) || (by < 0 && count == 0))
    return EGKB_NO_KEY;
  if (side == EGKB_FIRST)
    return by > 0 ? key + t->stride[kind] * t->box : key - t->stride[kind] * t->box;
  return by > 0 ? key + t->stride[kind] : key - t->stride[kind];
}

egkb_key egkb_key_add(const egkb_table* table, egkb_key key, enum egkb_side side, int kind) {
  return step(table, key, side, kind, 1);
}

egkb_key egkb_key_remove(const egkb_table* table, egkb_key key, enum egkb_side side, int kind) {
  return step(table, key, side, kind, -1);
}

const char* egkb_meaning(const egkb_table* table, int score) {
  static const char* const lean[2][4] = {
      {"red wins", "red wins in most cases", "red has a clear advantage",
       "red has a slight advantage"},
      {"black wins", "black wins in most cases", "black has a clear advantage",
       "black has a slight advantage"}};
  static const char* const chess[2][4] = {
      {"white wins", "white wins in most cases", "white has a clear advantage",
       "white has a slight advantage"},
      {"black wins", "black wins in most cases", "black has a clear advantage",
       "black has a slight advantage"}};
  const char* const(*words)[4] = strcmp(table->pieces->name, "chess") == 0 ? chess : lean;
  if (score < 0 || score > MOST_SCORE) return "unknown";
  if (score == 4) return "either side can win";
  if (score == 5) return "almost a draw";
  return score < 4 ? words[0][score] : words[1][MOST_SCORE - score];
}
