/* Four threads probing one table at once, by counts and by key, each checking every answer
 * against one thread's answers before them: built with -fsanitize=thread by
 * tests/probe/threads_test.sh, so a data race in a probe fails it. Every pair of side
 * configurations of the table's box is probed. */
#include <egkb/probe.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { THREADS = 4 };

static egkb_table* table;
static int* expected;
static int (*sides)[EGKB_MOST_KINDS]; /* the counts of every configuration of the box */
static unsigned long box;

static void* probe_all(void* arg) {
  long wrong = 0;
  unsigned long a, b;
  (void)arg;
  for (a = 0; a < box; ++a) {
    for (b = 0; b < box; ++b) {
      const int score = (a + b) % 2 == 0
                            ? egkb_probe_counts(table, sides[a], sides[b])
                            : egkb_probe_key(table, egkb_key_of_counts(table, sides[a], sides[b]));
      wrong += score != expected[a * box + b];
    }
  }
  return (void*)wrong;
}

int main(int argc, char** argv) {
  const char* why = "";
  pthread_t threads[THREADS];
  long wrong = 0;
  int i, k, dims[EGKB_MOST_KINDS], kinds;
  unsigned long a, b;
  if (argc != 2) return 2;
  table = egkb_open(argv[1], &why);
  if (!table) {
    fprintf(stderr, "%s: %s\n", argv[1], why);
    return 1;
  }
  kinds = egkb_dimensions(table, dims);
  box = 1;
  for (k = 0; k < kinds; ++k) box *= (unsigned long)dims[k];
  sides = calloc(box, sizeof *sides);
  expected = (int*)malloc(box * box * sizeof *expected);
  if (!sides || !expected) return 1;
  for (a = 0; a < box; ++a) {
    unsigned long rest = a;
    for (k = kinds - 1; k >= 0; --k) {
      sides[a][k] = (int)(rest % (unsigned long)dims[k]);
      rest /= (unsigned long)dims[k];
    }
  }
  for (a = 0; a < box; ++a) {
    for (b = 0; b < box; ++b) expected[a * box + b] = egkb_probe_counts(table, sides[a], sides[b]);
  }
  for (i = 0; i < THREADS; ++i) pthread_create(&threads[i], NULL, probe_all, NULL);
  for (i = 0; i < THREADS; ++i) {
    void* w;
    pthread_join(threads[i], &w);
    wrong += (long)w;
  }
  printf("%d threads probed %lu pairs of configurations each: %ld answers differed\n", THREADS,
         box * box, wrong);
  free(expected);
  free(sides);
  egkb_close(table);
  return wrong == 0 ? 0 : 1;
}
