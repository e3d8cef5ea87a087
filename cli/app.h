// The egkb command line: parses, runs one command, and maps every failure to one message and an
// exit code (docs/design.md section 6). The only file that sees the parser.
#pragma once

#include <string>
#include <vector>

namespace egkb::cli {

int run(int argc, char** argv);

// The words run() was given, the program's name first.
const std::vector<std::string>& command_line();

}  // namespace egkb::cli
