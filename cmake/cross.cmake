# The shipped library for the other Linux CPUs the apps run on (arm64 phones and boards, 32-bit
# ARM), built from the same Embedded Swift sources with the same settings as the native one
# (whole-module, LTO by the toolchain's lld, the version script, the runtime file, LLVM's inliner
# threshold), with the C test programs for each, which the tests run under qemu-user.
#
# Embedded Swift has standard libraries for bare-metal triples (aarch64-none-none-elf,
# armv7-none-none-eabi), not for Linux ones: the Swift code is compiled for those, against the
# target's C headers (Debian's cross glibc), and linked by the target's C compiler (Debian's
# cross gcc, driving lld) against its C library, as a Linux shared library. armv7 is compiled
# for the soft-float calling convention of Debian's armel, the one Android's armeabi-v7a uses
# between libraries.
#
# One line per target at the end: its name, Swift triple, C compiler, qemu-user program and C
# flags. (The C tests, Tests/c, link the target's jansson: Debian's multiarch package.) CMake
# knows one Swift target per build, the native one, so these are custom commands, as
# cmake/wasm.cmake's are (cmake/embedded-modules.cmake compiles the modules for both).

include(${CMAKE_CURRENT_LIST_DIR}/embedded-modules.cmake)

# tc_cross_target(NAME SWIFT_TRIPLE C_COMPILER QEMU [C_FLAGS...])
function(tc_cross_target name swift_triple c_compiler qemu)
  set(c_flags ${ARGN})
  find_program(tc_cc_${name} ${c_compiler})
  set(swift_libs "${tc_swift_usr}/lib/swift/embedded/${swift_triple}")
  if(NOT tc_cc_${name} OR NOT EXISTS "${swift_libs}/libswiftUnicodeDataTables.a")
    tc_part_missing("${name} library not built: no ${c_compiler}, or no Embedded Swift for ${swift_triple} in the toolchain")
    return()
  endif()
  set(cc ${tc_cc_${name}})
  set(dir ${CMAKE_BINARY_DIR}/cross/${name})
  # The target's C headers: the cross compiler's own include folder (Debian: /usr/<triple>/include).
  execute_process(COMMAND ${cc} -print-sysroot OUTPUT_VARIABLE sysroot OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${cc} -dumpmachine OUTPUT_VARIABLE machine OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(c_include /usr/${machine}/include)
  set(swift_flags
    -target ${swift_triple} -enable-experimental-feature Embedded -wmo -parse-as-library -swift-version 6
    -O -lto=llvm-full -Xfrontend -function-sections
    # Position-independent code, for a shared library.
    -Xcc -fPIC
    -Xcc -isystem -Xcc ${c_include} -Xcc -D__linux__ -Xcc -D__gnu_linux__
    -I ${PROJECT_SOURCE_DIR}/embedded/include -I ${dir})
  foreach(flag IN LISTS c_flags)
    list(APPEND swift_flags -Xcc ${flag})
  endforeach()
  if(TC_LLVM_INLINE_THRESHOLD)
    list(APPEND swift_flags -Xllvm -inline-threshold=${TC_LLVM_INLINE_THRESHOLD})
    set(link_inline "-Wl,-mllvm,-inline-threshold=${TC_LLVM_INLINE_THRESHOLD}")
  else()
    set(link_inline)
  endif()

  tc_embedded_swift_modules(${dir} ${name} objects
    INTERFACES TournamentCore TournamentCoreJSON TournamentCoreWire MODULES TournamentCoreABI
    FLAGS ${swift_flags})

  foreach(c_source runtime call_scope)
    add_custom_command(
      OUTPUT ${dir}/${c_source}.o
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${cc} ${c_flags} -fPIC -O2 -std=c99 -Wall -Wextra -c ${PROJECT_SOURCE_DIR}/embedded/${c_source}.c -o ${dir}/${c_source}.o
      DEPENDS ${PROJECT_SOURCE_DIR}/embedded/${c_source}.c ${PROJECT_SOURCE_DIR}/embedded/include/tc_call_scope.h
      COMMENT "Compiling embedded/${c_source}.c for ${name}"
      VERBATIM)
  endforeach()
  # The call scope again, finding its scope through a pthread key rather than ELF TLS, for the
  # Android library linked from these objects (cmake/android.cmake).
  add_custom_command(
    OUTPUT ${dir}/call_scope-thread-keys.o
    COMMAND ${cc} ${c_flags} -fPIC -O2 -std=c99 -Wall -Wextra -DTC_THREAD_KEYS -c ${PROJECT_SOURCE_DIR}/embedded/call_scope.c -o ${dir}/call_scope-thread-keys.o
    DEPENDS ${PROJECT_SOURCE_DIR}/embedded/call_scope.c ${PROJECT_SOURCE_DIR}/embedded/include/tc_call_scope.h
    COMMENT "Compiling embedded/call_scope.c (thread keys) for ${name}"
    VERBATIM)

  # The library: as the native one is linked (the toolchain's lld, found with -B beside swiftc,
  # optimizes the bitcode as a whole once the version script has made everything but tc_* local).
  set(library ${dir}/libtournamentcore.so)
  # (-static-libgcc: the compiler's helpers, such as 32-bit ARM's soft-float __aeabi_* calls, in
  # the file rather than a dependency on libgcc_s: the library needs libc and libm only.)
  set(common_link -fuse-ld=lld -B${tc_swift_bin} -static-libgcc -Wl,--gc-sections ${link_inline} ${TC_CALL_SCOPE_WRAP_FLAGS})
  add_custom_command(
    OUTPUT ${library}
    COMMAND ${cc} ${c_flags} -shared -o ${library} ${common_link}
      -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/exports.map -Wl,-z,defs
      -Wl,-soname,libtournamentcore.so.${PROJECT_VERSION_MAJOR}
      ${objects} ${dir}/runtime.o ${dir}/call_scope.o ${swift_libs}/libswiftUnicodeDataTables.a -lm -lpthread
    COMMAND ${CMAKE_COMMAND} -E create_symlink libtournamentcore.so ${dir}/libtournamentcore.so.${PROJECT_VERSION_MAJOR}
    DEPENDS ${objects} ${dir}/runtime.o ${dir}/call_scope.o ${PROJECT_SOURCE_DIR}/cmake/exports.map
    COMMENT "Linking libtournamentcore.so for ${name}"
    VERBATIM)
  add_custom_target(tournamentcore-${name} ALL DEPENDS ${library} ${dir}/call_scope-thread-keys.o)

  set_property(GLOBAL APPEND PROPERTY tc_cross_targets ${name})
  set_property(GLOBAL PROPERTY tc_cross_${name}_dir ${dir})
  set_property(GLOBAL PROPERTY tc_cross_${name}_cc ${cc})
  set_property(GLOBAL PROPERTY tc_cross_${name}_flags "${c_flags}")
  set_property(GLOBAL PROPERTY tc_cross_${name}_machine ${machine})
  set_property(GLOBAL PROPERTY tc_cross_${name}_qemu ${qemu})
  # (The objects, for the Android libraries' link: cmake/android.cmake.)
  set_property(GLOBAL PROPERTY tc_cross_${name}_static_inputs
    ${objects} ${dir}/runtime.o ${dir}/call_scope.o ${swift_libs}/libswiftUnicodeDataTables.a)
  set_property(GLOBAL PROPERTY tc_cross_${name}_thread_keys_call_scope ${dir}/call_scope-thread-keys.o)
endfunction()

# The targets. (riscv64 would be one more line, once the toolchain has Embedded Swift for it.)
# (x18 reserved, as Android's ABI reserves it for the shadow call stack: the Android arm64 library
# is these objects, cmake/android.cmake. Linux loses one of 31 registers. Atomic instructions
# inline: GCC's outline atomics call libgcc's helpers, which the Android library does not link.)
tc_cross_target(aarch64 aarch64-none-none-elf aarch64-linux-gnu-gcc qemu-aarch64 -ffixed-x18 -mno-outline-atomics)
# (64-bit file offsets and inode numbers on 32-bit ARM, as on every 32-bit target: without them
# readdir fails with EOVERFLOW on a filesystem whose inode numbers pass 2^32, which the C tests
# listing the golden files met under qemu.)
tc_cross_target(armv7 armv7-none-none-eabi arm-linux-gnueabi-gcc qemu-arm -march=armv7-a -mfloat-abi=soft -D_FILE_OFFSET_BITS=64)
