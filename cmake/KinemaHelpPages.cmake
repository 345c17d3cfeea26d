# Writes OUTPUT, a C++ source defining kinema::cli::help_page(name): the text of each PAGES_DIR/<name>.txt
# (docs/cli), as `kinema <command> --help` prints it below the options. Run by apps/CMakeLists.txt
# at build time (cmake -P), so an edited page is rebuilt into the CLI and the docs and --help never differ.
# A page is its file's text without the file's last newline; a blank first line is printed too.
set(source "// Generated from docs/cli/*.txt by cmake/KinemaHelpPages.cmake: do not edit.\n")
string(APPEND source "#include <stdexcept>\n#include <string>\n#include <string_view>\n\n")
string(APPEND source "#include \"help_pages.hpp\"\n\nnamespace kinema::cli {\n\nconst char* help_page(std::string_view name) {\n")
file(GLOB pages ${PAGES_DIR}/*.txt)
list(SORT pages)
foreach(page IN LISTS pages)
  get_filename_component(name ${page} NAME_WE)
  file(READ ${page} text)
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(FIND "${text}" ")kinema_help\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${page}: holds the raw string's end )kinema_help\"")
  endif()
  string(APPEND source "    if (name == \"${name}\") {\n        return R\"kinema_help(${text})kinema_help\";\n    }\n")
endforeach()
string(APPEND source "    throw std::logic_error(\"no help page docs/cli/\" + std::string(name) + \".txt\");\n}\n\n}  // namespace kinema::cli\n")
file(WRITE ${OUTPUT}.tmp "${source}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
