/* Four threads probing one table at once, by key, counts and text, each checking every answer
 * against one thread's answers before them: built with -fsanitize=thread by
 * tests/probe/threads_test.sh, so a data race in a probe fails it. */
#include <egkb/probe.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { THREADS = 4, ROUNDS = 4 };

static egkb_table* table;
static int* expected;
static egkb_key keys;

static void* probe_all(void* arg) {
  long wrong = 0;
  int round;
  egkb_key k;
  (void)arg;
  for (round = 0; round < ROUNDS; ++round) {
    for (k = 0; k < keys; ++k) wrong += egkb_probe_key(table, k) != expected[k];
  }
  return (void*)wrong;
}

int main(int argc, char** argv) {
  const char* why = "";
  pthread_t threads[THREADS];
  long wrong = 0;
  int i, dims[EGKB_MOST_KINDS], kinds;
  egkb_key k;
  if (argc != 2) return 2;
  table = egkb_open(argv[1], &why);
  if (!table) {
    fprintf(stderr, "%s: %s\n", argv[1], why);
    return 1;
  }
  kinds = egkb_dimensions(table, dims);
  keys = 1;
  for (i = 0; i < kinds; ++i) keys *= (egkb_key)dims[i];
  keys *= keys;
  expected = (int*)malloc((size_t)keys * sizeof *expected);
  if (!expected) return 1;
  for (k = 0; k < keys; ++k) expected[k] = egkb_probe_key(table, k);
  for (i = 0; i < THREADS; ++i) pthread_create(&threads[i], NULL, probe_all, NULL);
  for (i = 0; i < THREADS; ++i) {
    void* w;
    pthread_join(threads[i], &w);
    wrong += (long)w;
  }
  printf("%d threads probed %llu keys %d times each: %ld answers differed\n", THREADS,
         (unsigned long long)keys, ROUNDS, wrong);
  free(expected);
  egkb_close(table);
  return wrong == 0 ? 0 : 1;
}
