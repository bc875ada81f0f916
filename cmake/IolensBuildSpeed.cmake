# SPDX-License-Identifier: GPL-3.0-or-later
# What makes the build fast on CI's two cores: a compiler cache shared between checkouts, a fast
# linker, and precompiled headers (iolens_precompile_headers, used by core, ui and the tests).

# ccache, with the checkout's root as its base directory, so a fresh clone in another folder (as
# CI makes) reuses the objects the work tree compiled. The settings travel in the launcher, so
# no user configuration is needed:
# - NOHASHDIR: the build directory's absolute path does not enter the hash (debug info then
#   names a relative compile directory, which is fine for this project's builds);
# - SLOPPINESS: needed for precompiled headers (ccache manual, "Precompiled headers").
option(IOLENS_CCACHE "Compile through ccache where it is installed" ON)
find_program(IOLENS_CCACHE_PROGRAM ccache)
if(IOLENS_CCACHE AND IOLENS_CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER
      "${CMAKE_COMMAND}" -E env
      "CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}"
      CCACHE_NOHASHDIR=1
      CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
      "${IOLENS_CCACHE_PROGRAM}")
endif()

# mold links the static test executables several times faster than ld.bfd.
find_program(IOLENS_MOLD_PROGRAM mold)
if(IOLENS_MOLD_PROGRAM)
  target_link_options(iolens_compiler_options INTERFACE -fuse-ld=mold)
endif()

# Parsing the Qt, QCustomPlot and QTest headers is most of the compile time of a ui or test source,
# so those targets precompile them. Not core: there -O3 code generation dominates, a 160 MB
# precompiled Eigen + nlohmann-json header cost as much CPU time to load as it saved (measured
# per source), and with it gcc 12 raised false -Wstringop-overflow on inlined std::string code.
option(IOLENS_PRECOMPILED_HEADERS "Precompile the heavy third-party headers" ON)
function(iolens_precompile_headers target)
  if(IOLENS_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE ${ARGN})
    # With the standard headers precompiled, gcc 12 inlines libstdc++'s std::string differently
    # and raises false -Wstringop-overflow, -Wstringop-overread and -Warray-bounds on plain string
    # copies (the family of GCC bugs 105329 and 105651, fixed in gcc 13). The clang sanitizer
    # build keeps every warning.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-stringop-overflow -Wno-stringop-overread
                             -Wno-array-bounds)
    endif()
  endif()
endfunction()
