# FINIMPORT_SANITIZE=ON builds everything with ASan + UBSan (the `asan` preset).
option(FINIMPORT_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(FINIMPORT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
