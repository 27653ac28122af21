# Warnings are errors for everything this project compiles.
function(finimport_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Werror)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 reports -Wrestrict false positives inside libstdc++ for `"x" + std::to_string(n)`
    # at -O2/-O3 (GCC bug 105329); the code is correct, so the check is off for GCC 12 only.
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()
