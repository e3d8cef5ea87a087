// The egkb command line: parses, runs one command, and maps every failure to one message and an
// exit code (DESIGN.md section 6). The only file that sees the parser.
#pragma once

namespace egkb::cli {

int run(int argc, char** argv);

}  // namespace egkb::cli
