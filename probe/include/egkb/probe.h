/* egkb-probe: an endgame knowledge base's scores for an engine, read at run time from a table
 * that `egkb export KB --format table` wrote (docs/guide-engine.md, docs/formats.md "table").
 *
 *   const char* why;
 *   egkb_table* t = egkb_open("kb.egkb", &why);   (NULL and a reason when it cannot)
 *   int red[EGKB_MOST_KINDS] = {1, 0, 0, 0, 0, 0}, black[EGKB_MOST_KINDS] = {0, 0, 0, 0, 0, 2};
 *   int score = egkb_probe_counts(t, red, black);  (0..9, or EGKB_UNKNOWN)
 *   egkb_close(t);
 *
 * A score is 0..9 from the first side's point of view (red in xiangqi, white in chess): 0 it
 * wins, 1 it wins in most cases, 2 a clear advantage, 3 a slight one, 4 either side can win,
 * 5 almost a draw, 6..9 the same for the second side. EGKB_UNKNOWN (-1) is the one failure
 * value of every probe: a material the table does not hold, a count out of range, a bad key.
 *
 * Counts are the pieces of each kind other than the king, in the order of
 * egkb_kind_letters(): "RNCPGM" for xiangqi (rook, horse, cannon, pawn, guard, minister),
 * "QRBNP" for chess.
 *
 * Keys: egkb_key_of_counts() gives a material's key in this table, and egkb_key_add() /
 * egkb_key_remove() change it as a piece comes or goes (a capture, a promotion), so an engine
 * keeps it incrementally and probes by key. Keys belong to one table (its box of counts); they
 * are not egkb's store keys. EGKB_NO_KEY is the failure value of the key functions.
 *
 * Threads: egkb_open and egkb_close are not to run on a table being probed; every other
 * function only reads the table, allocates nothing and takes no lock: call them from as many
 * threads as you like. Plain C99, also C++.
 */
#ifndef EGKB_PROBE_LIBRARY_H
#define EGKB_PROBE_LIBRARY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EGKB_UNKNOWN (-1)
#define EGKB_NO_KEY UINT64_MAX
#define EGKB_MOST_KINDS 8 /* no piece set has more kinds; 6 for xiangqi, 5 for chess */

typedef struct egkb_table egkb_table;
typedef uint64_t egkb_key;

enum egkb_side { EGKB_FIRST = 0, EGKB_SECOND = 1 }; /* red/white, black */

/* Reads and checks a table file: its size, magic, version, piece set, letters, dimensions,
 * columns, every score and the checksum. NULL when it cannot, with *why (when `why` is not NULL)
 * a static text saying what is wrong, e.g. "checksum: the file is damaged; export it again". */
egkb_table* egkb_open(const char* path, const char** why);
void egkb_close(egkb_table* table);

/* "xiangqi" or "chess". */
const char* egkb_pieces(const egkb_table* table);
/* The kinds' letters in the order counts are given, e.g. "RNCPGM". */
const char* egkb_kind_letters(const egkb_table* table);
/* The number of kinds; dims[k] = one more than the most pieces of kind k a side has in the
 * table (the radix of that kind in its keys), for `dims` of EGKB_MOST_KINDS entries or NULL. */
int egkb_dimensions(const egkb_table* table, int dims[EGKB_MOST_KINDS]);
/* Whether the table was exported with conflicts left (egkb export --allow-conflicts). */
int egkb_has_conflicts(const egkb_table* table);

int egkb_probe_counts(const egkb_table* table, const int first[], const int second[]);
int egkb_probe_key(const egkb_table* table, egkb_key key);
/* A material as egkb writes it: "KRKNMM" (xiangqi: the second K starts black's pieces; the
 * aliases H, A and E for N, G and M are read too) or "KRPvKR" (chess). */
int egkb_probe_material(const egkb_table* table, const char* material);

egkb_key egkb_key_of_counts(const egkb_table* table, const int first[], const int second[]);
/* The key with one piece of `kind` (its index in egkb_kind_letters) more or less for `side`;
 * EGKB_NO_KEY when the count would leave the table's box or `key` is EGKB_NO_KEY. */
egkb_key egkb_key_add(const egkb_table* table, egkb_key key, enum egkb_side side, int kind);
egkb_key egkb_key_remove(const egkb_table* table, egkb_key key, enum egkb_side side, int kind);

/* "red wins" ... "black wins" (white/black for chess) for 0..9; "unknown" otherwise. */
const char* egkb_meaning(const egkb_table* table, int score);

#ifdef __cplusplus
}
#endif

#endif /* EGKB_PROBE_LIBRARY_H */
