# Installs egkb.1.gz: help2man's page from `egkb --help` and `--version`, with a section per
# command from `egkb help COMMAND`. Run by `cmake --install` (and so by cpack) with EGKB_BINARY,
# EGKB_BUILD_DIR and EGKB_MAN_DIR set; without help2man the page is skipped with a message.
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
if(NOT HELP2MAN OR NOT GZIP)
  message(STATUS "help2man not found: no man page installed (apt-get install help2man)")
  return()
endif()

function(egkb_help out)
  execute_process(COMMAND ${EGKB_BINARY} help ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "egkb help ${ARGN} failed")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The command words listed under "Commands:" in a help text.
function(egkb_commands out text)
  string(REGEX REPLACE ".*\nCommands:\n" "" text "${text}")
  string(REGEX REPLACE "\n\n.*" "" text "${text}")
  string(REGEX MATCHALL "(^|\n)  [a-z]+ " words "${text}")
  set(names "")
  foreach(w IN LISTS words)
    string(STRIP "${w}" w)
    if(NOT w STREQUAL "help")
      list(APPEND names "${w}")
    endif()
  endforeach()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

# Help text as roff, printed as it is.
function(egkb_roff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}.fi\n" PARENT_SCOPE)
endfunction()

egkb_help(top)
egkb_commands(commands "${top}")
set(include "[COMMANDS]\n")
foreach(command IN LISTS commands)
  egkb_help(text ${command})
  if(text MATCHES "\nCommands:\n")
    egkb_commands(members "${text}")
    foreach(member IN LISTS members)
      egkb_help(page ${command} ${member})
      egkb_roff(page "${page}")
      string(APPEND include ".SS \"egkb ${command} ${member}\"\n${page}")
    endforeach()
  else()
    egkb_roff(page "${text}")
    string(APPEND include ".SS \"egkb ${command}\"\n${page}")
  endif()
endforeach()
string(APPEND include "[SEE ALSO]\nThe tutorial and guides in /usr/share/doc/egkb (or the "
                      "share/doc/egkb of the prefix egkb was installed into).\n")
# A directory of its own per destination: installs into two prefixes at once (the docs tests
# run side by side, cpack beside them) must not write the same files.
string(SHA1 destination "$ENV{DESTDIR}${EGKB_MAN_DIR}")
set(work "${EGKB_BUILD_DIR}/man/${destination}")
file(MAKE_DIRECTORY "${work}")
file(WRITE "${work}/commands.h2m" "${include}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section 1
          --name "find and repair conflicts in endgame knowledge bases"
          --include "${work}/commands.h2m" --output "${work}/egkb.1" ${EGKB_BINARY}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed")
endif()
execute_process(COMMAND ${GZIP} -9nf "${work}/egkb.1" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed")
endif()
file(INSTALL "${work}/egkb.1.gz" DESTINATION "${EGKB_MAN_DIR}")
file(REMOVE_RECURSE "${work}")
