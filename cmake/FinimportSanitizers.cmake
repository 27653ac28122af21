# FINIMPORT_SANITIZE=ON builds everything with ASan + UBSan (the `asan` preset, `make test-asan`).
# FINIMPORT_TSAN=ON builds everything with ThreadSanitizer (`make test-tsan`). One at a time.
option(FINIMPORT_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(FINIMPORT_TSAN "Build with ThreadSanitizer" OFF)
if(FINIMPORT_SANITIZE AND FINIMPORT_TSAN)
  message(FATAL_ERROR "FINIMPORT_SANITIZE and FINIMPORT_TSAN exclude each other")
endif()
if(FINIMPORT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
if(FINIMPORT_TSAN)
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
  # GCC 12's flow analysis sees through TSan's instrumentation badly: false "may be used
  # uninitialized" in std::variant<..., std::string> moves (store/BalanceStore.cpp).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
endif()
# Either sanitizer owns malloc and reserves terabytes of shadow memory: the plugin runner then
# skips its allocation watch and RLIMIT_AS, and plugins may leave sanitizer symbols undefined.
if(FINIMPORT_SANITIZE OR FINIMPORT_TSAN)
  set(FINIMPORT_ANY_SANITIZER ON)
else()
  set(FINIMPORT_ANY_SANITIZER OFF)
endif()
