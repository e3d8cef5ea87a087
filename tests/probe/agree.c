/* Reads materials from standard input, one a line, and prints each one's score by
 * libegkb-probe ("-" when unknown): what tests/probe/installed_test.sh sets beside `egkb probe`. */
#include <egkb/probe.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  const char* why = "";
  char line[128];
  egkb_table* t;
  if (argc != 2) return 2;
  t = egkb_open(argv[1], &why);
  if (!t) {
    fprintf(stderr, "%s: %s\n", argv[1], why);
    return 1;
  }
  while (fgets(line, sizeof line, stdin)) {
    int score;
    line[strcspn(line, "\r\n")] = '\0';
    score = egkb_probe_material(t, line);
    if (score == EGKB_UNKNOWN)
      printf("%s -\n", line);
    else
      printf("%s %d\n", line, score);
  }
  egkb_close(t);
  return 0;
}
