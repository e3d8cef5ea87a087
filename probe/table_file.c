/* The table file's layout and checks (docs/formats.md "table"): the one place that knows them. */
#include "table_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "lookup_data.h"

/* Byte offsets of the header's fields; all integers little-endian. */
enum {
  VERSION_AT = 8,    /* u16 */
  KINDS_AT = 10,     /* u8 */
  FLAGS_AT = 11,     /* u8: bit 0, exported with conflicts; no other bit is defined */
  PIECE_SET_AT = 12, /* 12 bytes: the name, then NULs */
  PIECE_SET_BYTES = 12,
  LETTERS_AT = 24,  /* 8 bytes: the kinds' letters, then NULs */
  DIMS_AT = 32,     /* 8 bytes: the box, a byte a kind, then NULs */
  COLUMNS_AT = 40,  /* u32 */
  RESERVED_AT = 44, /* u32, zero */
  BOX_AT = 48,      /* u64 */
  KNOWN_AT = 56,    /* u32 */
  CHECKSUM_AT = 60, /* u32: CRC-32 of bytes 0..59, the index and the scores */
  CONFLICT_FLAG = 1
};
static const unsigned char MAGIC[8] = {'E', 'G', 'K', 'B', 'T', 'B', 'L', '\0'};

static uint64_t get_le(const unsigned char* at, int bytes) {
  uint64_t v = 0;
  int i;
  for (i = bytes - 1; i >= 0; --i) v = v << 8 | at[i];
  return v;
}

static void put_le(unsigned char* at, uint64_t v, int bytes) {
  int i;
  for (i = 0; i < bytes; ++i) at[i] = (unsigned char)(v >> (8 * i));
}

/* zlib's crc32 takes at most a uInt of bytes at a time. */
static uLong crc_of(uLong crc, const unsigned char* bytes, uint64_t size) {
  while (size > 0) {
    const uInt chunk = size > (1u << 30) ? (1u << 30) : (uInt)size;
    crc = crc32(crc, bytes, chunk);
    bytes += chunk;
    size -= chunk;
  }
  return crc;
}

static void* fail(char* why, size_t why_size, const char* format, ...) {
  if (why && why_size > 0) {
    va_list args;
    va_start(args, format);
    vsnprintf(why, why_size, format, args);
    va_end(args);
  }
  return NULL;
}

const struct egkb_lookup_pieces* egkb_file_pieces(int game) {
  return game >= 1 && game <= 2 ? &egkb_lookup_piece_sets[game - 1] : NULL;
}

int egkb_file_game_named(const char* name) {
  int game;
  for (game = 1; game <= 2; ++game) {
    if (name && strcmp(name, egkb_lookup_piece_sets[game - 1].name) == 0) return game;
  }
  return 0;
}

/* What the header says, once checked. */
struct header {
  const struct egkb_lookup_pieces* pieces;
  uint32_t dims[EGKB_LOOKUP_KINDS];
  uint64_t box;
  uint32_t columns;
  uint32_t known;
  uint32_t checksum;
  int has_conflicts;
};

/* The piece set named at PIECE_SET_AT: a known name, NUL-padded to the end of its field. */
static const struct egkb_lookup_pieces* named_pieces(const unsigned char* h, char* why,
                                                     size_t why_size) {
  const unsigned char* name = h + PIECE_SET_AT;
  char text[4 * PIECE_SET_BYTES + 1];
  size_t length = 0, at = 0, i;
  int game;
  while (length < PIECE_SET_BYTES && name[length]) ++length;
  for (i = length; i < PIECE_SET_BYTES; ++i) {
    if (name[i])
      return fail(why, why_size, "pieces: byte %u after the piece set's name is not NUL",
                  (unsigned)(PIECE_SET_AT + i));
  }
  for (game = 1; game <= 2; ++game) {
    const char* known = egkb_lookup_piece_sets[game - 1].name;
    if (strlen(known) == length && memcmp(known, name, length) == 0)
      return &egkb_lookup_piece_sets[game - 1];
  }
  for (i = 0; i < length; ++i) {
    at += (size_t)sprintf(text + at, name[i] >= 32 && name[i] < 127 ? "%c" : "\\x%02X", name[i]);
  }
  text[at] = '\0';
  return fail(why, why_size, "pieces: unknown piece set '%s'; expected xiangqi or chess", text);
}

/* Every field of the header, in the order they lie; 0, or -1 and `why`. */
static int check_header(const unsigned char* h, int game, struct header* out, char* why,
                        size_t why_size) {
  const struct egkb_lookup_pieces* p;
  unsigned version, kinds, flags, reserved;
  uint64_t box = 1, stored_box;
  int k;
  if (memcmp(h, MAGIC, sizeof MAGIC) != 0) {
    fail(why, why_size, "magic: not an egkb table (egkb export --format table writes one)");
    return -1;
  }
  version = (unsigned)get_le(h + VERSION_AT, 2);
  if (version != EGKB_FILE_VERSION) {
    fail(why, why_size,
         "version: table format version %u; this reader reads version %d: export "
         "the table again",
         version, EGKB_FILE_VERSION);
    return -1;
  }
  if (!(p = named_pieces(h, why, why_size))) return -1;
  if (game != 0 && p->game != game) {
    if (!egkb_file_pieces(game))
      fail(why, why_size, "pieces: no game numbered %d; 1 is xiangqi, 2 chess", game);
    else
      fail(why, why_size, "pieces: a %s table, not a %s one", p->name,
           egkb_file_pieces(game)->name);
    return -1;
  }
  kinds = h[KINDS_AT];
  if (kinds != (unsigned)p->kinds) {
    fail(why, why_size, "kinds: %u piece kinds, the %s set has %d", kinds, p->name, p->kinds);
    return -1;
  }
  flags = h[FLAGS_AT];
  if (flags & ~CONFLICT_FLAG) {
    fail(why, why_size, "flags: unknown flag bits 0x%02X (bit 0, conflicts left, is the only one)",
         flags & ~CONFLICT_FLAG);
    return -1;
  }
  for (k = 0; k < EGKB_LOOKUP_KINDS; ++k) {
    const unsigned letter = k < p->kinds ? (unsigned char)p->letters[k] : 0;
    const unsigned dim = h[DIMS_AT + k];
    if (h[LETTERS_AT + k] != letter) {
      fail(why, why_size, "letters: byte %d is not the %s set's (%s, then NULs)", LETTERS_AT + k,
           p->name, p->letters);
      return -1;
    }
    if (k >= p->kinds ? dim != 0 : dim < 1 || dim > p->most[k] + 1u) {
      if (k >= p->kinds)
        fail(why, why_size, "dimensions: byte %d, after the %d kinds, is not NUL", DIMS_AT + k,
             p->kinds);
      else
        fail(why, why_size, "dimensions: %u counts of %c; the %s set has 0 to %d of them", dim,
             p->letters[k], p->name, p->most[k]);
      return -1;
    }
    out->dims[k] = dim;
    if (k < p->kinds) box *= dim;
  }
  stored_box = get_le(h + BOX_AT, 8);
  if (stored_box != box) {
    fail(why, why_size, "entries: %llu side configurations, the dimensions make %llu",
         (unsigned long long)stored_box, (unsigned long long)box);
    return -1;
  }
  out->columns = (uint32_t)get_le(h + COLUMNS_AT, 4);
  if (out->columns > box || out->columns > EGKB_FILE_NO_COLUMN) {
    fail(why, why_size, "columns: %lu columns, more than the box's %llu configurations",
         (unsigned long)out->columns, (unsigned long long)box);
    return -1;
  }
  reserved = (unsigned)get_le(h + RESERVED_AT, 4);
  if (reserved != 0) {
    fail(why, why_size, "reserved: bytes 44..47 hold %08X, not zero", reserved);
    return -1;
  }
  out->known = (uint32_t)get_le(h + KNOWN_AT, 4);
  if ((uint64_t)out->known > (uint64_t)out->columns * out->columns) {
    fail(why, why_size, "known: %lu known materials, more than the %llu pairs of columns",
         (unsigned long)out->known, (unsigned long long)out->columns * out->columns);
    return -1;
  }
  out->pieces = p;
  out->box = box;
  out->checksum = (uint32_t)get_le(h + CHECKSUM_AT, 4);
  out->has_conflicts = (flags & CONFLICT_FLAG) != 0;
  return 0;
}

/* Reads until `bytes` or the end: how many, or -1 with errno. */
static long long read_fully(const struct egkb_file_source* s, unsigned char* into, uint64_t bytes) {
  uint64_t have = 0;
  while (have < bytes) {
    const size_t chunk = bytes - have > (1u << 30) ? (1u << 30) : (size_t)(bytes - have);
    const long n = s->read(s->context, into + have, chunk);
    if (n < 0) return -1;
    if (n == 0) break;
    have += (uint64_t)n;
  }
  return (long long)have;
}

/* The index read as the file has it, in place: each configuration's column, unused ones and the
 * one past the box mapped to column C, and the first side's rows; every column named once. */
static int convert_index(struct egkb_table* t, uint32_t* rows, uint16_t* index, char* why,
                         size_t why_size) {
  const unsigned char* raw = (const unsigned char*)index;
  const uint32_t columns = t->lookup.columns;
  unsigned char seen[(EGKB_FILE_NO_COLUMN + 1) / 8] = {0};
  uint32_t named = 0, i;
  for (i = 0; i < t->lookup.box; ++i) {
    const unsigned column = (unsigned)raw[2 * i] | (unsigned)raw[2 * i + 1] << 8;
    if (column == EGKB_FILE_NO_COLUMN) {
      index[i] = (uint16_t)columns;
      continue;
    }
    if (column >= columns || seen[column / 8] & 1u << column % 8) {
      fail(why, why_size, "columns: side configuration %lu names column %u, %s", (unsigned long)i,
           column, column >= columns ? "beyond the columns" : "which another one names");
      return -1;
    }
    seen[column / 8] |= (unsigned char)(1u << column % 8);
    index[i] = (uint16_t)column;
    ++named;
  }
  index[t->lookup.box] = (uint16_t)columns;
  for (i = 0; i <= t->lookup.box; ++i) rows[i] = index[i] * (columns + 1);
  if (named != columns) {
    fail(why, why_size, "columns: %lu of the %lu columns are named by no side configuration",
         (unsigned long)(columns - named), (unsigned long)columns);
    return -1;
  }
  return 0;
}

/* The scores read as the file has them (C rows of C) at the start of their place: each checked
 * and counted, then spread to rows of C + 1 with a last row and column of 255, which the
 * lookups read as the signed byte -1. */
static int spread_scores(struct egkb_table* t, uint8_t* scores, char* why, size_t why_size) {
  const uint64_t c = t->lookup.columns, all = c * c;
  uint64_t known = 0, i;
  for (i = 0; i < all; ++i) {
    if (scores[i] > EGKB_LOOKUP_MOST_SCORE && scores[i] != EGKB_LOOKUP_NO_SCORE) {
      fail(why, why_size, "entries: score byte %u at %llu is neither 0..9 nor 255", scores[i],
           (unsigned long long)(EGKB_FILE_HEADER_BYTES + 2 * t->lookup.box + i));
      return -1;
    }
    known += scores[i] != EGKB_LOOKUP_NO_SCORE;
  }
  if (known != t->known) {
    fail(why, why_size, "known: the header counts %lu known materials, the scores hold %llu",
         (unsigned long)t->known, (unsigned long long)known);
    return -1;
  }
  for (i = c; i-- > 0;) {
    memmove(scores + i * (c + 1), scores + i * c, (size_t)c);
    scores[i * (c + 1) + c] = EGKB_LOOKUP_NO_SCORE;
  }
  memset(scores + c * (c + 1), EGKB_LOOKUP_NO_SCORE, (size_t)c + 1);
  return 0;
}

struct egkb_table* egkb_file_load(const struct egkb_file_source* source, int game, char* why,
                                  size_t why_size) {
  unsigned char h[EGKB_FILE_HEADER_BYTES], extra;
  struct header fields;
  struct egkb_table* t;
  uint32_t* rows;
  uint16_t* index;
  uint8_t* scores;
  uint64_t body, bytes, index_bytes, got;
  long long n;
  uLong crc;
  int k;
  if ((n = read_fully(source, h, sizeof h)) < 0)
    return fail(why, why_size, "read: %s", strerror(errno));
  if (n < EGKB_FILE_HEADER_BYTES)
    return fail(why, why_size,
                "header: truncated: %lld bytes, shorter than the %d-byte table "
                "header",
                n, EGKB_FILE_HEADER_BYTES);
  if (check_header(h, game, &fields, why, why_size) != 0) return NULL;
  index_bytes = 2 * fields.box;
  body = index_bytes + (uint64_t)fields.columns * fields.columns;
  if (source->size >= 0 && (uint64_t)source->size - EGKB_FILE_HEADER_BYTES != body)
    return fail(why, why_size,
                "entries: the header promises %llu bytes after it, the file holds "
                "%lld: it is truncated or damaged; export it again",
                (unsigned long long)body, source->size - EGKB_FILE_HEADER_BYTES);
  bytes = sizeof *t + 6 * (fields.box + 1) + ((uint64_t)fields.columns + 1) * (fields.columns + 1);
  if (bytes > (size_t)-1 || !(t = (struct egkb_table*)malloc((size_t)bytes)))
    return fail(why, why_size, "memory: no room for a table of %llu bytes",
                (unsigned long long)bytes);
  rows = (uint32_t*)(t + 1);
  index = (uint16_t*)(rows + fields.box + 1);
  scores = (uint8_t*)(index + fields.box + 1);
  got = 0;
  if ((n = read_fully(source, (unsigned char*)index, index_bytes)) >= 0) {
    got = (uint64_t)n;
    if (got == index_bytes && (n = read_fully(source, scores, body - index_bytes)) >= 0)
      got += (uint64_t)n;
  }
  if (n >= 0 && got == body && (n = read_fully(source, &extra, 1)) > 0) {
    free(t);
    return fail(why, why_size,
                "entries: the file holds more than the %llu bytes the header "
                "promises after it: it is damaged; export it again",
                (unsigned long long)body);
  }
  if (n < 0) {
    free(t);
    return fail(why, why_size, "read: %s", strerror(errno));
  }
  if (got != body) {
    free(t);
    return fail(why, why_size,
                "entries: the header promises %llu bytes after it, the file holds "
                "%llu: it is truncated or damaged; export it again",
                (unsigned long long)body, (unsigned long long)got);
  }
  crc = crc_of(crc_of(crc_of(crc32(0L, Z_NULL, 0), h, CHECKSUM_AT), (const unsigned char*)index,
                      index_bytes),
               scores, body - index_bytes);
  if ((uint32_t)crc != fields.checksum) {
    free(t);
    return fail(why, why_size,
                "checksum: checksum mismatch (stored %08lx, computed %08lx): the "
                "file is damaged; export it again",
                (unsigned long)fields.checksum, (unsigned long)(uint32_t)crc);
  }
  t->lookup.pieces = fields.pieces;
  t->lookup.box = (uint32_t)fields.box;
  t->lookup.columns = fields.columns;
  for (k = 0; k < EGKB_LOOKUP_KINDS; ++k) t->lookup.dims[k] = fields.dims[k];
  for (k = EGKB_LOOKUP_KINDS - 1; k >= 0; --k) {
    t->lookup.strides[k] =
        k >= fields.pieces->kinds - 1 ? 1 : t->lookup.strides[k + 1] * t->lookup.dims[k + 1];
  }
  t->lookup.first_rows = rows;
  t->lookup.side_columns = index;
  t->lookup.scores = (const int8_t*)scores;
  t->has_conflicts = fields.has_conflicts;
  t->known = fields.known;
  if (convert_index(t, rows, index, why, why_size) != 0 ||
      spread_scores(t, scores, why, why_size) != 0) {
    free(t);
    return NULL;
  }
  return t;
}

void egkb_file_encode_header(const struct egkb_file_header* f, const unsigned char* body,
                             size_t body_bytes, unsigned char h[EGKB_FILE_HEADER_BYTES]) {
  const struct egkb_lookup_pieces* p = egkb_file_pieces(f->game);
  uint64_t box = 1;
  int k;
  memset(h, 0, EGKB_FILE_HEADER_BYTES);
  memcpy(h, MAGIC, sizeof MAGIC);
  put_le(h + VERSION_AT, EGKB_FILE_VERSION, 2);
  h[KINDS_AT] = (unsigned char)p->kinds;
  h[FLAGS_AT] = f->has_conflicts ? CONFLICT_FLAG : 0;
  memcpy(h + PIECE_SET_AT, p->name, strlen(p->name));
  for (k = 0; k < p->kinds; ++k) {
    h[LETTERS_AT + k] = (unsigned char)p->letters[k];
    h[DIMS_AT + k] = f->dims[k];
    box *= f->dims[k];
  }
  put_le(h + COLUMNS_AT, f->columns, 4);
  put_le(h + BOX_AT, box, 8);
  put_le(h + KNOWN_AT, f->known, 4);
  put_le(h + CHECKSUM_AT,
         (uint32_t)crc_of(crc32(crc32(0L, Z_NULL, 0), h, CHECKSUM_AT), body, body_bytes), 4);
}
