/* libegkb-probe (include/egkb/probe.h): a table file opened safely and checked by
 * probe/table_file.c, then the lookups of probe/table_lookup.h on it, every argument checked. */
#define _POSIX_C_SOURCE 200809L

#include "egkb/probe.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "table_file.h"

/* The reason a failed egkb_open gives, one per thread: errno's text needs room of its own. */
static _Thread_local char reason[256];

static long read_fd(void* context, unsigned char* into, size_t bytes) {
  const int fd = *(const int*)context;
  for (;;) {
    const ssize_t n = read(fd, into, bytes);
    if (n >= 0 || errno != EINTR) return (long)n;
  }
}

/* Why a file that opened is not one to read a table from, or NULL for a regular file. */
static const char* not_regular(const struct stat* st) {
  if (S_ISREG(st->st_mode)) return NULL;
  if (S_ISDIR(st->st_mode)) return "is a directory, not a table file";
  if (S_ISFIFO(st->st_mode))
    return "is a FIFO, not a table file: tables are read from regular files";
  return "is not a regular file: tables are read from regular files";
}

const char* egkb_probe_version(void) {
  return EGKB_PROBE_VERSION;
}

/* O_NONBLOCK: opening a FIFO must not wait for a writer; a regular file ignores it. */
egkb_table* egkb_open_game(const char* path, enum egkb_game game, const char** why) {
  struct egkb_file_source source;
  struct stat st;
  const char* refused;
  egkb_table* t;
  int fd;
  if (!path) {
    snprintf(reason, sizeof reason, "file: no path given");
  } else if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
    snprintf(reason, sizeof reason, "file: %s", strerror(errno));
  } else {
    if (fstat(fd, &st) != 0) {
      snprintf(reason, sizeof reason, "file: %s", strerror(errno));
      t = NULL;
    } else if ((refused = not_regular(&st))) {
      snprintf(reason, sizeof reason, "file: %s", refused);
      t = NULL;
    } else {
      source.read = read_fd;
      source.context = &fd;
      source.size = (long long)st.st_size;
      t = egkb_file_load(&source, (int)game, reason, sizeof reason);
    }
    close(fd);
    if (t) return t;
  }
  if (why) *why = reason;
  return NULL;
}

egkb_table* egkb_open(const char* path, const char** why) {
  return egkb_open_game(path, EGKB_GAME_ANY, why);
}

void egkb_close(egkb_table* table) {
  free(table);
}

enum egkb_game egkb_game_of(const egkb_table* table) {
  return table ? (enum egkb_game)table->lookup.pieces->game : EGKB_GAME_ANY;
}

const char* egkb_pieces(const egkb_table* table) {
  return table ? table->lookup.pieces->name : NULL;
}

const char* egkb_kind_letters(const egkb_table* table) {
  return table ? table->lookup.pieces->letters : NULL;
}

int egkb_dimensions(const egkb_table* table, int dims[EGKB_MOST_KINDS]) {
  int k;
  if (!table) return 0;
  for (k = 0; dims && k < table->lookup.pieces->kinds; ++k) dims[k] = (int)table->lookup.dims[k];
  return table->lookup.pieces->kinds;
}

int egkb_has_conflicts(const egkb_table* table) {
  return table ? table->has_conflicts : EGKB_UNKNOWN;
}

int egkb_probe_counts(const egkb_table* table, const int first[], const int second[]) {
  return table ? egkb_lookup_probe_counts(&table->lookup, first, second) : EGKB_UNKNOWN;
}

int egkb_probe_key(const egkb_table* table, egkb_key key) {
  return table ? egkb_lookup_probe_key(&table->lookup, key) : EGKB_UNKNOWN;
}

int egkb_probe_material(const egkb_table* table, const char* material) {
  int first[EGKB_MOST_KINDS], second[EGKB_MOST_KINDS];
  if (!table || egkb_lookup_counts_of_material(table->lookup.pieces, material, first, second) != 0)
    return EGKB_UNKNOWN;
  return egkb_lookup_probe_counts(&table->lookup, first, second);
}

egkb_key egkb_key_of_counts(const egkb_table* table, const int first[], const int second[]) {
  return table ? egkb_lookup_key_of_counts(&table->lookup, first, second) : EGKB_NO_KEY;
}

egkb_key egkb_key_add(const egkb_table* table, egkb_key key, enum egkb_side side, int kind) {
  return table ? egkb_lookup_key_step(&table->lookup, key, (int)side, kind, 1) : EGKB_NO_KEY;
}

egkb_key egkb_key_remove(const egkb_table* table, egkb_key key, enum egkb_side side, int kind) {
  return table ? egkb_lookup_key_step(&table->lookup, key, (int)side, kind, -1) : EGKB_NO_KEY;
}

int egkb_counts_from_material(const egkb_table* table, const char* material, int first[],
                              int second[]) {
  return table ? egkb_lookup_counts_of_material(table->lookup.pieces, material, first, second) : -1;
}

int egkb_counts_from_fen(const egkb_table* table, const char* fen, int first[], int second[]) {
  return table ? egkb_lookup_counts_of_fen(table->lookup.pieces, fen, first, second) : -1;
}

int egkb_score_for_side(int score, enum egkb_side side) {
  return egkb_lookup_score_for_side(score, (int)side);
}

/* Every piece set holds the same bonuses: xiangqi's stand for them. */
int egkb_score_bonus(int score, int percent) {
  return egkb_lookup_bonus(egkb_file_pieces(EGKB_GAME_XIANGQI), score, percent);
}

const char* egkb_meaning(const egkb_table* table, int score) {
  return table ? egkb_lookup_meaning(table->lookup.pieces, score) : "unknown";
}
