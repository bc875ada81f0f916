# SPDX-License-Identifier: GPL-3.0-or-later
# Warning and sanitizer flags shared by every iolens target.

add_library(iolens_compiler_options INTERFACE)
target_compile_options(iolens_compiler_options INTERFACE -Wall -Wextra -Wpedantic)
if(IOLENS_WERROR)
  target_compile_options(iolens_compiler_options INTERFACE -Werror)
endif()
if(IOLENS_SANITIZE)
  target_compile_options(iolens_compiler_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_link_options(iolens_compiler_options INTERFACE -fsanitize=address,undefined)
endif()
