/* An egkb table file (docs/formats.md "table"): the one place that knows its layout and checks
 * it, for libegkb-probe's egkb_open (probe/probe.c) and for egkb itself, which reads tables
 * through it (export/engine_table.cpp: `egkb probe`, the demo) and writes their headers with it.
 * Inside libegkb-probe: not installed, not exported from the shared library. */
#ifndef EGKB_TABLE_FILE_H
#define EGKB_TABLE_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "table_lookup.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EGKB_FILE_HEADER_BYTES 64
#define EGKB_FILE_VERSION 2
#define EGKB_FILE_NO_COLUMN 0xFFFF /* an index entry for a configuration the table does not use */

/* A table read into memory, in one allocation with its index and scores: what the library's
 * opaque egkb_table is. */
struct egkb_table {
  struct egkb_lookup_table lookup;
  int has_conflicts;
  uint32_t known; /* materials the table holds */
};

/* Where a table's bytes come from. */
struct egkb_file_source {
  /* Up to `bytes` bytes into `into`: how many, 0 at the end, -1 on failure with errno set. */
  long (*read)(void* context, unsigned char* into, size_t bytes);
  void* context;
  long long size; /* the whole source's size when it is known (a regular file), else -1 */
};

/* Reads a table: its 64-byte header first, every field checked (magic, version, piece set and
 * its padding, game when `game` is not 0, kinds, flags, letters, dimensions, box, columns,
 * reserved, known); then, when the header promises the size the source has, its body, checked
 * too (checksum, index, every score, the count of known ones). NULL on failure with `why`
 * (`why_size` bytes, when not NULL) saying "FIELD: what is wrong", e.g. "checksum: ...". */
struct egkb_table* egkb_file_load(const struct egkb_file_source* source, int game, char* why,
                                  size_t why_size);

/* The header a writer puts before the body (the index as little-endian u16, then the scores). */
struct egkb_file_header {
  int game; /* 1 xiangqi, 2 chess */
  int has_conflicts;
  unsigned char dims[EGKB_LOOKUP_KINDS]; /* the box: for each kind, one more than the most */
  uint32_t columns;
  uint32_t known;
};
void egkb_file_encode_header(const struct egkb_file_header* header, const unsigned char* body,
                             size_t body_bytes, unsigned char out[EGKB_FILE_HEADER_BYTES]);

/* The piece set of a game (1, 2), or NULL; the game of a piece set's name, or 0. */
const struct egkb_lookup_pieces* egkb_file_pieces(int game);
int egkb_file_game_named(const char* name);

#ifdef __cplusplus
}
#endif

#endif /* EGKB_TABLE_FILE_H */
