# SPDX-License-Identifier: GPL-3.0-or-later
# Warning and sanitizer flags shared by every iolens target.

add_library(iolens_compiler_options INTERFACE)
target_compile_options(iolens_compiler_options INTERFACE -Wall -Wextra -Wpedantic)
# gcc 12 reports false -Wrestrict and -Wmaybe-uninitialized inside libstdc++'s std::string at -O2
# (GCC bugs 105329 and 105651, fixed in gcc 13); they fire on plain string assignments.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(iolens_compiler_options INTERFACE -Wno-restrict -Wno-maybe-uninitialized)
endif()
if(IOLENS_WERROR)
  target_compile_options(iolens_compiler_options INTERFACE -Werror)
endif()
if(IOLENS_SANITIZE)
  target_compile_options(iolens_compiler_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_link_options(iolens_compiler_options INTERFACE -fsanitize=address,undefined)
endif()
