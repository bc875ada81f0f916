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

# Unity build: each target's sources of one folder compile in batches of IOLENS_UNITY_BATCH_SIZE,
# one translation unit per batch. Parsing the Eigen, nlohmann-json and Qt headers is 4-6 s of the
# 6-8 s a source takes to compile here (gcc -fsyntax-only against -O3 on models/mars.cpp,
# prediction_panel.cpp and test_prediction_panel.cpp), so a batch of 8 parses them once instead
# of eight times, which is what decides a build on a machine that has never built iolens.
# CMake's own UNITY_BUILD is not used: it writes each batch with the sources' absolute paths, so a
# fresh clone in another folder (as CI makes) would miss every compiler-cache entry the work tree
# made. These batches include their sources by paths relative to the build directory, which are
# the same in every checkout. Sources of different files must not define the same names in
# their anonymous namespaces; the compiler says so at once when they do.
option(IOLENS_UNITY_BUILD "Compile each folder's sources in batches (unity build)" ON)
set(IOLENS_UNITY_BATCH_SIZE 8 CACHE STRING "Sources per unity translation unit")
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
    # AUTOMOC finds a class's header by its source's name; the batch hides that name.
    string(REGEX REPLACE "\\.cpp$" ".hpp" header "${absolute}")
    if(EXISTS "${header}")
      list(APPEND kept "${header}")
    endif()
  endforeach()
  foreach(folder IN LISTS folders)
    string(MAKE_C_IDENTIFIER "${folder}" key)
    file(RELATIVE_PATH name "${PROJECT_SOURCE_DIR}" "${folder}")
    string(MAKE_C_IDENTIFIER "${name}" name)
    list(LENGTH sources_${key} count)
    if(count EQUAL 1)
      list(APPEND kept ${sources_${key}})
      continue()
    endif()
    set(batch 0)
    set(content "")
    set(in_batch 0)
    foreach(absolute IN LISTS sources_${key})
      file(RELATIVE_PATH relative "${unity_dir}" "${absolute}")
      string(APPEND content "#include \"${relative}\"\n")
      math(EXPR in_batch "${in_batch} + 1")
      if(in_batch EQUAL IOLENS_UNITY_BATCH_SIZE)
        file(CONFIGURE OUTPUT "${unity_dir}/${name}_${batch}.cpp" CONTENT "${content}")
        list(APPEND kept "${unity_dir}/${name}_${batch}.cpp")
        math(EXPR batch "${batch} + 1")
        set(content "")
        set(in_batch 0)
      endif()
    endforeach()
    if(in_batch GREATER 0)
      file(CONFIGURE OUTPUT "${unity_dir}/${name}_${batch}.cpp" CONTENT "${content}")
      list(APPEND kept "${unity_dir}/${name}_${batch}.cpp")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES ${kept})
  # gcc warns when a type of an included file uses the anonymous namespace, as it would in a
  # header shared between translation units; an included source is no such header.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
endfunction()
