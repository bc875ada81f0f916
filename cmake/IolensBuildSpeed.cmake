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

# Precompiled headers for the heavy Qt, QCustomPlot, QTest, Eigen and nlohmann-json headers: off
# by default. With clang they save 3-5 s of the 11-20 s a ui or test batch takes (clang 14, -O1
# with sanitizers: tests_ui_window_0 20.0 -> 15.4 s), but CMake passes the header to the compiler
# as `-Xclang -include -Xclang <absolute path in the build tree>`, which ccache's base directory
# does not rewrite, and the header's bytes hold that path too. So a fresh clone in another folder
# missed the cache for the header and for every source that used it: CI after a local build of
# the same commit compiled the sanitizer tree in 251 s instead of about a minute (ccache log:
# the header a direct and preprocessed miss, the sources after it misses). A warm CI matters
# more than the few minutes a cold one saves. With gcc 12 they were off anyway: its headers are
# 250-430 MB and a cache hit must hash them (1.8-2.3 s per source). -fno-pch-timestamp, for those
# who turn them on, keeps the header's bytes the same from build to build in one folder.
set(iolens_precompiled_headers_default OFF)
option(IOLENS_PRECOMPILED_HEADERS "Precompile the heavy Qt/QCustomPlot/QTest headers"
       ${iolens_precompiled_headers_default})
function(iolens_precompile_headers target)
  if(IOLENS_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE ${ARGN})
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      target_compile_options(${target} PRIVATE "SHELL:-Xclang -fno-pch-timestamp")
    endif()
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

# Unity build: each target's sources compile in batches of about IOLENS_UNITY_BATCH_SIZE, one
# translation unit per batch, the sources of one folder next to each other. Parsing the Qt,
# QCustomPlot, Eigen and nlohmann-json headers is most of what a ui or test source costs (clang's
# -ftime-trace on a batch of ui/window: 11.6 s of 16.2 s in the front end, 9.1 s reading headers),
# so a batch parses them once for all its sources, which is what decides a build on a machine
# that has never built iolens. Batches fill across folders: two batches of 8 ui test sources
# took 13.0 + 22.3 s, the same 16 sources in one 25.4 s.
# CMake's own UNITY_BUILD is not used: it writes each batch with the sources' absolute paths, so a
# fresh clone in another folder (as CI makes) would miss every compiler-cache entry the work tree
# made. These batches include their sources by paths relative to the build directory, which are
# the same in every checkout. Sources of different files must not define the same names in
# their anonymous namespaces; the compiler says so at once when they do, and
# tests/style/check_unity_names.py where they are functions (overloads, without a word).
option(IOLENS_UNITY_BUILD "Compile each target's sources in batches (unity build)" ON)
set(IOLENS_UNITY_BATCH_SIZE 12 CACHE STRING "Sources per unity translation unit, at most")
function(iolens_unity_build target)
  if(NOT IOLENS_UNITY_BUILD)
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)
  set(unity_dir "${binary_dir}/unity/${target}")
  set(kept)
  set(folders)
  foreach(source IN LISTS sources)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${source_dir}" OUTPUT_VARIABLE absolute)
    if(NOT source MATCHES "\\.cpp$" OR source MATCHES "\\$<"
       OR NOT absolute MATCHES "^${PROJECT_SOURCE_DIR}/" OR absolute MATCHES "^${PROJECT_BINARY_DIR}/")
      list(APPEND kept "${source}")
      continue()
    endif()
    cmake_path(GET absolute PARENT_PATH folder)
    string(MAKE_C_IDENTIFIER "${folder}" key)
    if(NOT DEFINED sources_${key})
      list(APPEND folders "${folder}")
      set(sources_${key})
    endif()
    list(APPEND sources_${key} "${absolute}")
  endforeach()
  set(ordered)
  foreach(folder IN LISTS folders)
    string(MAKE_C_IDENTIFIER "${folder}" key)
    list(APPEND ordered ${sources_${key}})
  endforeach()
  list(LENGTH ordered count)
  if(count LESS 2)
    list(APPEND kept ${ordered})
  else()
    # The fewest batches of at most IOLENS_UNITY_BATCH_SIZE, their sizes differing by one at most.
    math(EXPR batches "(${count} + ${IOLENS_UNITY_BATCH_SIZE} - 1) / ${IOLENS_UNITY_BATCH_SIZE}")
    string(MAKE_C_IDENTIFIER "${target}" name)
    set(next 0)
    math(EXPR last_batch "${batches} - 1")
    foreach(batch RANGE ${last_batch})
      math(EXPR end "(${count} * (${batch} + 1)) / ${batches}")
      set(content "")
      while(next LESS end)
        list(GET ordered ${next} absolute)
        file(RELATIVE_PATH relative "${unity_dir}" "${absolute}")
        string(APPEND content "#include \"${relative}\"\n")
        math(EXPR next "${next} + 1")
      endwhile()
      file(CONFIGURE OUTPUT "${unity_dir}/${name}_${batch}.cpp" CONTENT "${content}")
      list(APPEND kept "${unity_dir}/${name}_${batch}.cpp")
    endforeach()
  endif()
  # Batches an earlier layout wrote would still be read by the checks that glob for them.
  file(GLOB written "${unity_dir}/*.cpp")
  foreach(file IN LISTS written)
    if(NOT file IN_LIST kept)
      file(REMOVE "${file}")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES ${kept})
  # gcc warns when a type of an included file uses the anonymous namespace, as it would in a
  # header shared between translation units; an included source is no such header.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
endfunction()
