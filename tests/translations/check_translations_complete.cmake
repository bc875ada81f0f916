# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a string the user can see has no translation: lupdate scans the window's sources into
# a copy of each .ts file, and every message it adds or leaves unfinished is listed.
# cmake -DLUPDATE=... -DSOURCE_DIR=... -DWORK_DIR=... -P check_translations_complete.cmake

file(GLOB ts_files "${SOURCE_DIR}/translations/*.ts")
if(NOT ts_files)
  message(FATAL_ERROR "no translations/*.ts under ${SOURCE_DIR}")
endif()
file(MAKE_DIRECTORY "${WORK_DIR}")
set(failed FALSE)
foreach(ts IN LISTS ts_files)
  get_filename_component(name "${ts}" NAME)
  set(copy "${WORK_DIR}/${name}")
  file(COPY_FILE "${ts}" "${copy}")
  execute_process(
    COMMAND "${LUPDATE}" -silent -no-obsolete -locations none
            "${SOURCE_DIR}/ui" "${SOURCE_DIR}/app/gui" -ts "${copy}"
    RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "lupdate failed on ${name}: ${errors}")
  endif()
  file(READ "${copy}" text)
  string(REPLACE ";" "" text "${text}") # &apos; would split CMake lists
  # One <message> block per string; an untranslated one carries type="unfinished".
  string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*<translation type=\"unfinished\"" open
         "${text}")
  list(LENGTH open count)
  if(count GREATER 0)
    set(failed TRUE)
    message("${name}: ${count} visible strings without a translation:")
    foreach(entry IN LISTS open)
      string(REGEX REPLACE "<source>([^<]*)</source>.*" "\\1" source "${entry}")
      message("  ${source}")
    endforeach()
  else()
    message("${name}: every visible string is translated")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "run `cmake --build <build> --target iolens_ui_lupdate` and translate the "
                      "unfinished entries in translations/*.ts (Qt Linguist)")
endif()
