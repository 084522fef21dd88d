# tournamentcore.wasm: the core for WebAssembly hosts (browsers, Node), compiled from the same
# Swift sources as the C library with Embedded Swift for wasm32-unknown-none-wasm, over WASI's C
# library (Debian's wasi-libc), linked by the toolchain's wasm-ld. The module exports the C
# interface (every tc_* function the header declares), malloc and free (for the request bytes
# the host writes: embedded/call_scope.c's), and its memory; it imports five WASI functions
# (clock, random bytes, and the three stdio calls a fatal error's message goes through), which
# bindings/javascript/tournamentcore.mjs provides.
#
# Optimized for speed (-O; -Osize is TC_WASM_OPTIMIZATION's other value: BENCHMARKS.md has the
# comparison, and the README the sizes), with WebAssembly's 128-bit SIMD (Chrome and Firefox
# since 2021, Safari since 16.4 in 2023, Node 16.4+; TC_WASM_SIMD=OFF for older ones), as bitcode linked as a whole by wasm-ld (LTO), as the C library is.
# CMake knows one Swift target per build, the native one, so these are custom commands: one
# swiftc per module, in dependency order, as the native build compiles them.

set(TC_WASM_OPTIMIZATION -O CACHE STRING "swiftc's optimization of tournamentcore.wasm: -O (speed) or -Osize")
set_property(CACHE TC_WASM_OPTIMIZATION PROPERTY STRINGS -O -Osize)
option(TC_WASM_SIMD "Build tournamentcore.wasm with WebAssembly's 128-bit SIMD" ON)
set(tc_wasm_simd_flags)
if(TC_WASM_SIMD)
  set(tc_wasm_simd_flags -Xcc -msimd128)
endif()
set(tc_wasm_dir ${CMAKE_BINARY_DIR}/wasm)
set(tc_wasi_include ${TC_WASI_SYSROOT}/include/wasm32-wasi)
set(tc_wasi_lib ${TC_WASI_SYSROOT}/lib/wasm32-wasi)
set(tc_wasm_swift_flags
  -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library
  -swift-version 6 ${TC_WASM_OPTIMIZATION} -lto=llvm-full
  # (WebAssembly has no stack protector runtime; the stack is placed first, below: overflowing it
  # traps.)
  -Xfrontend -disable-stack-protector
  ${tc_wasm_simd_flags}
  -Xcc -isystem -Xcc ${tc_wasi_include} -Xcc -D__wasi__  # (the target triple does not define it; the headers need it)
  -I ${PROJECT_SOURCE_DIR}/embedded/include -I ${tc_wasm_dir})
include(${CMAKE_CURRENT_LIST_DIR}/embedded-modules.cmake)
tc_embedded_swift_modules(${tc_wasm_dir} WebAssembly tc_wasm_objects
  INTERFACES TournamentCore TournamentCoreJSON TournamentCoreWire MODULES TournamentCoreABI
  FLAGS ${tc_wasm_swift_flags})

foreach(c_source runtime call_scope)
  add_custom_command(
    OUTPUT ${tc_wasm_dir}/${c_source}.o
    COMMAND ${CMAKE_COMMAND} -E make_directory ${tc_wasm_dir}
    COMMAND ${TC_WASM_CLANG} --target=wasm32-wasi -isystem ${tc_wasi_include} -O2 -std=c99 -Wall -Wextra
      -c ${PROJECT_SOURCE_DIR}/embedded/${c_source}.c -o ${tc_wasm_dir}/${c_source}.o
    DEPENDS ${PROJECT_SOURCE_DIR}/embedded/${c_source}.c ${PROJECT_SOURCE_DIR}/embedded/include/tc_call_scope.h
    COMMENT "Compiling embedded/${c_source}.c for WebAssembly"
    VERBATIM)
endforeach()

# The exports: every function the header declares (as the native library's version script
# exports tc_*), read from the header at configure time.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/tournament_core.h tc_api_lines REGEX "^TC_API ")
set(tc_wasm_exports)
foreach(line IN LISTS tc_api_lines)
  if(line MATCHES "(tc_[a-z0-9_]+)\\(")
    list(APPEND tc_wasm_exports --export=${CMAKE_MATCH_1})
  endif()
endforeach()

add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/tournamentcore.wasm
  COMMAND ${TC_WASM_LD} --no-entry --gc-sections --strip-all
    # A 1 MB stack, placed below the data, so that an overflow traps instead of overwriting it.
    --stack-first -z stack-size=1048576
    ${tc_wasm_exports}
    # The call scope (embedded/call_scope.c): the allocation functions wrapped (the host's malloc
    # and free exports are its), tc_wasm_recover and the stack pointer exported, for the host to
    # carry on after a failed allocation.
    --wrap=malloc --wrap=calloc --wrap=realloc --wrap=free --wrap=posix_memalign
    --export=tc_wasm_recover --export=__stack_pointer
    -o ${CMAKE_BINARY_DIR}/tournamentcore.wasm
    ${tc_wasm_objects} ${tc_wasm_dir}/runtime.o ${tc_wasm_dir}/call_scope.o
    ${tc_wasm_swift_libs}/libswiftUnicodeDataTables.a ${tc_wasi_lib}/libc.a
  DEPENDS ${tc_wasm_objects} ${tc_wasm_dir}/runtime.o ${tc_wasm_dir}/call_scope.o ${PROJECT_SOURCE_DIR}/include/tournament_core.h
  COMMENT "Linking tournamentcore.wasm"
  VERBATIM)
add_custom_target(tournamentcore-wasm ALL DEPENDS ${CMAKE_BINARY_DIR}/tournamentcore.wasm)

# The JavaScript package (bindings/javascript: the ES module, its types, package.json) with the
# module beside it, as `npm install <prefix>/share/tournamentcore/javascript` takes it. Not part
# of the Debian packages (component javascript).
set(tc_js_package_files
  ${PROJECT_SOURCE_DIR}/bindings/javascript/tournamentcore.mjs
  ${PROJECT_SOURCE_DIR}/bindings/javascript/tournamentcore.d.ts
  ${PROJECT_SOURCE_DIR}/bindings/javascript/methods.mjs
  ${PROJECT_SOURCE_DIR}/bindings/javascript/types.d.ts
  ${PROJECT_SOURCE_DIR}/bindings/javascript/README.md
  ${PROJECT_SOURCE_DIR}/bindings/javascript/package.json)
install(FILES ${CMAKE_BINARY_DIR}/tournamentcore.wasm ${tc_js_package_files}
  DESTINATION ${CMAKE_INSTALL_DATADIR}/tournamentcore/javascript COMPONENT javascript)

# The npm package, tournamentcore-<version>.tgz: `npm pack` of those files and the module (npm
# packs a local folder offline).
find_program(TC_NPM npm)
if(TC_NPM)
  set(tc_npm_stage ${CMAKE_BINARY_DIR}/javascript/package)
  set(tc_npm_tgz ${CMAKE_BINARY_DIR}/javascript/tournamentcore-${PROJECT_VERSION}.tgz)
  add_custom_command(
    OUTPUT ${tc_npm_tgz}
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${tc_npm_stage}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${tc_npm_stage}
    COMMAND ${CMAKE_COMMAND} -E copy ${tc_js_package_files} ${CMAKE_BINARY_DIR}/tournamentcore.wasm ${tc_npm_stage}
    COMMAND ${TC_NPM} pack --offline --loglevel=error --pack-destination ${CMAKE_BINARY_DIR}/javascript ${tc_npm_stage}
    DEPENDS ${tc_js_package_files} ${CMAKE_BINARY_DIR}/tournamentcore.wasm
    COMMENT "npm pack: javascript/tournamentcore-${PROJECT_VERSION}.tgz"
    VERBATIM)
  add_custom_target(tournamentcore-npm ALL DEPENDS ${tc_npm_tgz})
else()
  tc_part_missing("No npm: the npm package is not built (apt install npm)")
endif()

# The JavaScript tests (node --test): the module through tournamentcore.mjs, compared with the
# golden files and with the native tool.
if(tc_tests)
  find_program(TC_NODE node)
  if(TC_NODE)
    add_test(NAME javascript_binding
      COMMAND ${TC_NODE} --test ${PROJECT_SOURCE_DIR}/bindings/javascript/tests/tournamentcore.test.mjs)
    set_tests_properties(javascript_binding PROPERTIES LABELS javascript ENVIRONMENT
      "TOURNAMENTCORE_WASM=${CMAKE_BINARY_DIR}/tournamentcore.wasm;TOURNAMENTCORE_CLI=$<TARGET_FILE:tournament-core>")
    # The typed functions (golden files, errors as TournamentCoreError) and tsc over the types.
    add_test(NAME javascript_typed
      COMMAND ${TC_NODE} --test ${PROJECT_SOURCE_DIR}/bindings/javascript/tests/typed.test.mjs)
    set_tests_properties(javascript_typed PROPERTIES LABELS javascript ENVIRONMENT
      "TOURNAMENTCORE_WASM=${CMAKE_BINARY_DIR}/tournamentcore.wasm")
    # A module whose memory cannot grow past a limit: a call that needs more throws RangeError,
    # and the instance goes on.
    add_test(NAME javascript_out_of_memory
      COMMAND ${TC_NODE} --test ${PROJECT_SOURCE_DIR}/bindings/javascript/tests/memory.test.mjs)
    set_tests_properties(javascript_out_of_memory PROPERTIES LABELS javascript ENVIRONMENT
      "TOURNAMENTCORE_WASM=${CMAKE_BINARY_DIR}/tournamentcore.wasm")
    find_program(TC_TSC tsc)
    if(TC_TSC)
      add_test(NAME javascript_typescript
        COMMAND ${TC_NODE} --test ${PROJECT_SOURCE_DIR}/bindings/javascript/tests/typescript.test.mjs)
      set_tests_properties(javascript_typescript PROPERTIES LABELS javascript ENVIRONMENT "TSC=${TC_TSC}")
    else()
      tc_part_missing("No tsc: the TypeScript checks are not registered (apt install node-typescript)")
    endif()
    # The web example (Examples/web) in headless Chromium, against the native tool; it leaves a
    # screenshot in the build folder.
    find_program(TC_CHROMIUM NAMES chromium chromium-browser)
    if(TC_CHROMIUM)
      add_test(NAME web_example_page
        COMMAND ${TC_NODE} ${PROJECT_SOURCE_DIR}/Examples/web/check-page.mjs ${CMAKE_BINARY_DIR}/tournamentcore.wasm
          $<TARGET_FILE:tournament-core> ${CMAKE_BINARY_DIR}/web-example.png)
      set_tests_properties(web_example_page PROPERTIES LABELS javascript ENVIRONMENT "CHROMIUM=${TC_CHROMIUM}")
    else()
      tc_part_missing("No chromium: the web example's page test is not registered (apt install chromium)")
    endif()
    # The npm package installed into a throwaway project: a typed call in Node, tsc, the web page.
    if(TC_NPM AND TC_TSC)
      add_test(NAME javascript_npm_package
        COMMAND ${TC_NODE} --test ${PROJECT_SOURCE_DIR}/bindings/javascript/tests/package.test.mjs)
      set_tests_properties(javascript_npm_package PROPERTIES LABELS javascript ENVIRONMENT
        "TOURNAMENTCORE_TGZ=${tc_npm_tgz};TOURNAMENTCORE_CLI=$<TARGET_FILE:tournament-core>;TSC=${TC_TSC};CHROMIUM=${TC_CHROMIUM}")
    endif()
  else()
    tc_part_missing("No node: the JavaScript tests are not registered (apt install nodejs)")
  endif()
endif()
