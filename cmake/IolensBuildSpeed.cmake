# SPDX-License-Identifier: GPL-3.0-or-later
# What makes the build fast on CI's two cores: a compiler cache shared between checkouts, a fast
# linker, and optional precompiled headers (iolens_precompile_headers, for ui and the tests).

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

# Precompiled headers, off by default. Parsing the Qt, QCustomPlot and QTest headers is most of
# the compile time of a ui or test source, and precompiling them halves a cold compile there
# (test_cli 8.4 -> 4.1 s). But CI builds where the same commits were built before, from the
# compiler cache, and a cache hit must hash the 250-430 MB precompiled header: measured on a fresh
# clone with a warm cache, a hit took 1.8-2.3 s per ui or test source against 0.1-0.2 s without
# PCH, and 1,090 s of the run's 1,160 s of user time went to the kernel (page faults on the .gch
# files). So the cached build is ten times cheaper without them; turn them on for repeated cold
# builds without ccache. Never for core: there -O3 code generation dominates, and gcc 12 raised
# false -Wstringop-overflow on inlined std::string code with a precompiled <string>.
option(IOLENS_PRECOMPILED_HEADERS "Precompile the heavy Qt/QCustomPlot/QTest headers" OFF)
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
