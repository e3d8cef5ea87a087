/* egkb-probe: an endgame knowledge base's scores for an engine, read at run time from a table
 * that `egkb export KB --format table` wrote (docs/guide-engine.md, docs/formats.md "table").
 *
 *   const char* why;
 *   egkb_table* t = egkb_open_game("kb.egkb", EGKB_GAME_XIANGQI, &why);  (NULL and why if not)
 *   int red[EGKB_MOST_KINDS] = {1, 0, 0, 0, 0, 0}, black[EGKB_MOST_KINDS] = {0, 0, 0, 0, 0, 2};
 *   int score = egkb_probe_counts(t, red, black);  (0..9, or EGKB_UNKNOWN)
 *   egkb_close(t);
 *
 * A score is 0..9 from the first side's point of view (red in xiangqi, white in chess): 0 it
 * wins, 1 it wins in most cases, 2 a clear advantage, 3 a slight one, 4 either side can win,
 * 5 almost a draw, 6..9 the same for the second side. EGKB_UNKNOWN (-1) is the one failure
 * value of every probe: a material the table does not hold, a count out of range, a bad key or
 * text, a NULL argument.
 *
 * Counts are the pieces of each kind other than the king, in the order of
 * egkb_kind_letters(): "RNCPGM" for xiangqi (rook, horse, cannon, pawn, guard, minister),
 * "QRBNP" for chess.
 *
 * Keys: egkb_key_of_counts() gives a material's key in this table, and egkb_key_add() /
 * egkb_key_remove() change it as a piece comes or goes (a capture, a promotion), so an engine
 * keeps it incrementally and probes by key. A key is exact for every material a game can reach:
 * one whose counts leave the table (a fifth queen) probes unknown and comes back when the counts
 * do. Keys belong to one table; they are not egkb's store keys. EGKB_NO_KEY is the failure value
 * of the key functions.
 *
 * Threads: egkb_open and egkb_close are not to run on a table being probed; every other
 * function only reads the table, allocates nothing and takes no lock: call them from as many
 * threads as you like. This header is plain C99, also C++.
 */
#ifndef EGKB_PROBE_LIBRARY_H
#define EGKB_PROBE_LIBRARY_H

#include <stdint.h>

#include "egkb/probe_version.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(EGKB_PROBE_BUILDING) && defined(__GNUC__)
#define EGKB_PROBE_API __attribute__((visibility("default")))
#else
#define EGKB_PROBE_API
#endif

#define EGKB_UNKNOWN (-1)
#define EGKB_NO_KEY UINT64_MAX
#define EGKB_MOST_KINDS 8 /* no piece set has more kinds; 6 for xiangqi, 5 for chess */

typedef struct egkb_table egkb_table;
typedef uint64_t egkb_key;

enum egkb_side { EGKB_FIRST = 0, EGKB_SECOND = 1 }; /* red/white, black */
enum egkb_game { EGKB_GAME_ANY = 0, EGKB_GAME_XIANGQI = 1, EGKB_GAME_CHESS = 2 };

/* The library's version, "MAJOR.MINOR.PATCH": compare it with EGKB_PROBE_VERSION, the
 * version of this header, when an engine loads the library at run time. */
EGKB_PROBE_API const char* egkb_probe_version(void);

/* Reads and checks a table file: a regular file only (a FIFO, a device or a directory is
 * refused at once), its 64-byte header first and every field of it, then its size against the
 * header's promise before any more is read, then the checksum, the index and every score. NULL
 * when it cannot, with *why (when `why` is not NULL) saying "FIELD: what is wrong", e.g.
 * "checksum: ... the file is damaged; export it again" or "file: No such file or directory"
 * (errno's text). *why stays valid until the next egkb_open in the same thread. */
EGKB_PROBE_API egkb_table* egkb_open(const char* path, const char** why);
/* The same, refusing a table of another game than `game` ("pieces: a chess table, not a
 * xiangqi one"): a xiangqi engine's counts never read a chess table. EGKB_GAME_ANY takes any. */
EGKB_PROBE_API egkb_table* egkb_open_game(const char* path, enum egkb_game game, const char** why);
EGKB_PROBE_API void egkb_close(egkb_table* table);

/* The table's game; EGKB_GAME_ANY for a NULL table. */
EGKB_PROBE_API enum egkb_game egkb_game_of(const egkb_table* table);
/* "xiangqi" or "chess"; NULL for a NULL table. */
EGKB_PROBE_API const char* egkb_pieces(const egkb_table* table);
/* The kinds' letters in the order counts are given, e.g. "RNCPGM"; NULL for a NULL table. */
EGKB_PROBE_API const char* egkb_kind_letters(const egkb_table* table);
/* The number of kinds (0 for a NULL table); dims[k] = one more than the most pieces of kind k
 * a side has in the table, for `dims` of EGKB_MOST_KINDS entries or NULL. */
EGKB_PROBE_API int egkb_dimensions(const egkb_table* table, int dims[EGKB_MOST_KINDS]);
/* 1 when the table was exported with conflicts left (egkb export --allow-conflicts), 0 when
 * not, EGKB_UNKNOWN for a NULL table. */
EGKB_PROBE_API int egkb_has_conflicts(const egkb_table* table);

EGKB_PROBE_API int egkb_probe_counts(const egkb_table* table, const int first[],
                                     const int second[]);
EGKB_PROBE_API int egkb_probe_key(const egkb_table* table, egkb_key key);
/* A material as egkb writes and reads it: "KRKNMM" or "KRvKNMM" (a 'v' may come before the
 * second side's K in either game), "KRPvKR" or "KRPKR" (chess); the aliases H, A and E for N,
 * G and M are read too. Exactly the text `egkb probe` accepts. */
EGKB_PROBE_API int egkb_probe_material(const egkb_table* table, const char* material);

EGKB_PROBE_API egkb_key egkb_key_of_counts(const egkb_table* table, const int first[],
                                           const int second[]);
/* The key with one piece of `kind` (its index in egkb_kind_letters) more or less for `side`;
 * EGKB_NO_KEY when `key` is EGKB_NO_KEY, the side has no such piece to remove, or the count
 * would pass what the game allows a side (say a tenth queen). */
EGKB_PROBE_API egkb_key egkb_key_add(const egkb_table* table, egkb_key key, enum egkb_side side,
                                     int kind);
EGKB_PROBE_API egkb_key egkb_key_remove(const egkb_table* table, egkb_key key, enum egkb_side side,
                                        int kind);

/* The counts of a material's text (the grammar of egkb_probe_material): 0, or -1 for a text
 * that is not a material of the table's game or a NULL argument. */
EGKB_PROBE_API int egkb_counts_from_material(const egkb_table* table, const char* material,
                                             int first[], int second[]);
/* The counts of the pieces on the board of a FEN, as the engines write it: xiangqi as
 * Fairy-Stockfish does (R N B A C P K, red upper case; `egkb positions` writes it so), chess as
 * usual. 0, or -1 for a FEN the table's game cannot read (another board, an unknown letter,
 * not one king a side, more of a kind than the game allows) or a NULL argument. */
EGKB_PROBE_API int egkb_counts_from_fen(const egkb_table* table, const char* fen, int first[],
                                        int second[]);

/* A score from `side`'s point of view: for the side to move, 0 it wins ... 9 it loses
 * (9 - score for the second side); EGKB_UNKNOWN for an unknown score or side. */
EGKB_PROBE_API int egkb_score_for_side(int score, enum egkb_side side);
/* What a score is worth to the first side in centipawns, times percent / 100 (100: the
 * default): 636, 382, 227, 108, 26 for 0..4 and the same negated for 9..5, 0 for an unknown
 * score. An engine adds it to its evaluation (docs/guide-engine.md, section 5). */
EGKB_PROBE_API int egkb_score_bonus(int score, int percent);

/* "red wins" ... "black wins" (white/black for chess) for 0..9; "unknown" otherwise and for a
 * NULL table. */
EGKB_PROBE_API const char* egkb_meaning(const egkb_table* table, int score);

#ifdef __cplusplus
}
#endif

#endif /* EGKB_PROBE_LIBRARY_H */
