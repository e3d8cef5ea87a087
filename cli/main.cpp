// egkb: curate endgame knowledge bases.
#include "cli/app.h"

int main(int argc, char** argv) {
  return egkb::cli::run(argc, argv);
}
