# Warnings are errors for everything this project compiles.
function(finimport_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror -Wno-unused-parameter)
endfunction()
