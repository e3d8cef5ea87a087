/* Opens a table with libegkb-probe and prints why it was refused, or "opened": what
 * tests/probe/probe_fault_test.cpp times and weighs in a process of its own. */
#include <egkb/probe.h>
#include <stdio.h>

int main(int argc, char** argv) {
  const char* why = "";
  egkb_table* t;
  if (argc != 2) return 2;
  t = egkb_open(argv[1], &why);
  if (!t) {
    printf("%s\n", why);
    return 1;
  }
  printf("opened\n");
  egkb_close(t);
  return 0;
}
