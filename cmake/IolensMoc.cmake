# SPDX-License-Identifier: GPL-3.0-or-later
# moc for the project's QObject classes, without AUTOMOC (off for the whole project).
#
# AUTOMOC hands moc every include path of the target (Eigen, Qt, the compiler's and the system's),
# and moc's preprocessor then reads every header it can reach for macro definitions, libstdc++'s
# included: 1-3.6 s per header (ui/plots/search_surface_view.hpp 3.6 s, with qcustomplot.h and
# QtPrintSupport behind it), 55 s for the 48 headers of ui/, which every build paid again (moc's
# output is not compiler-cached; 36-41 s of a fresh clone's build phases with a warm cache), and
# its mocs_compilation.cpp then parsed Qt's headers once more on its own (25 s). A class here
# needs none of those paths (Q_OBJECT, signals and slots are moc's own keywords, and the source
# that includes moc's output has included everything the class names), so moc runs without them:
# about 20 ms per file, the same meta-object code. Its output is included at the end of the
# class's own source, so it compiles with that source, in its unity batch.

# iolens_moc(<target>): for each source of <target> (call it before iolens_unity_build) that
# - has a Q_OBJECT itself (a test class): moc writes <name>.moc, which the source includes last;
# - has a header of the same name with a Q_OBJECT: moc writes moc_<name>.cpp from the header,
#   which the source includes last.
# Both land in <binary dir>/moc/<target>/. A source that does not include its moc output stops
# the configuration with a message that says which line to add (rather than a link error about
# a missing vtable).
function(iolens_moc target)
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)
  set(moc_dir "${binary_dir}/moc/${target}")
  set(outputs)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cpp$" OR source MATCHES "\\$<")
      continue()
    endif()
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${source_dir}" OUTPUT_VARIABLE absolute)
    if(NOT EXISTS "${absolute}")
      continue()  # generated later (moc's own output, build_paths.cpp)
    endif()
    get_filename_component(name "${absolute}" NAME_WE)
    string(REGEX REPLACE "\\.cpp$" ".hpp" header "${absolute}")
    file(STRINGS "${absolute}" own_class REGEX "^[ \t]*Q_OBJECT")
    set(header_class)
    if(EXISTS "${header}")
      file(STRINGS "${header}" header_class REGEX "^[ \t]*Q_OBJECT")
    endif()
    if(own_class)
      set(input "${absolute}")
      set(output "${name}.moc")
    elseif(header_class)
      set(input "${header}")
      set(output "moc_${name}.cpp")
    else()
      continue()
    endif()
    if(output IN_LIST outputs)
      message(FATAL_ERROR "${absolute}: two sources of ${target} are named ${name}; moc's "
                          "output for one would overwrite the other's")
    endif()
    list(APPEND outputs "${output}")
    file(STRINGS "${absolute}" included REGEX "^#include \"${output}\"")
    if(NOT included)
      message(FATAL_ERROR "${absolute}: its class has a Q_OBJECT, so the file must end with "
                          "#include \"${output}\" (moc's output; cmake/IolensMoc.cmake)")
    endif()
    # -i: no #include of the input in the output, which would name it by a path relative to
    # the build tree; the source that includes the output has included its header already.
    add_custom_command(OUTPUT "${moc_dir}/${output}"
      COMMAND Qt6::moc -i -o "${moc_dir}/${output}" "${input}"
      DEPENDS "${input}" Qt6::moc
      COMMENT "moc ${input}" VERBATIM)
    # Listed so the build writes it before the source compiles; compiled only where included.
    set_source_files_properties("${moc_dir}/${output}" PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE "${moc_dir}/${output}")
  endforeach()
  if(outputs)
    target_include_directories(${target} PRIVATE "${moc_dir}")
  endif()
endfunction()
