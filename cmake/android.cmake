# Android: libtournamentcore.so for arm64-v8a, armeabi-v7a and x86_64, and tournamentcore.aar,
# without the NDK (docs/ANDROID.md says why this is sound and what only a device can check).
#
# Each library is the same objects as the Linux library of its CPU (cmake/cross.cmake's for
# aarch64 and armv7, the native build's for x86_64: Embedded Swift, LTO bitcode), linked again by
# the toolchain's clang and lld for <cpu>-linux-android<API>: against stub libc.so and libm.so
# that scripts/android.py writes from bionic's public symbol list (android/bionic-symbols.txt) at
# that API level, so that -z defs fails the link on a symbol bionic lacks there; with
# embedded/android.c, which maps the two names glibc's headers use and bionic does not have;
# with 16 KB page alignment, RELRO and BIND_NOW; exporting tc_* only. ctest checks each library
# and the AAR (scripts/android.py check-aar).

set(TC_ANDROID_API 28 CACHE STRING
  "Minimum Android API level of the Android libraries (28: getrandom and aligned_alloc)")

# tc_android_abi(ABI LLVM_TRIPLE_PREFIX INPUTS <link inputs...> DEPENDS <files or targets...>
#                [FLAGS <compile and link flags...>] [LINK_FLAGS <link flags...>])
function(tc_android_abi abi triple)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "INPUTS;DEPENDS;FLAGS;LINK_FLAGS")
  set(dir ${CMAKE_BINARY_DIR}/android/${abi})
  set(target --target=${triple}${TC_ANDROID_API})
  set(script ${PROJECT_SOURCE_DIR}/scripts/android.py)
  set(table ${PROJECT_SOURCE_DIR}/android/bionic-symbols.txt)

  # The stubs: link-time only, never shipped (Android's own libc.so and libm.so are loaded).
  set(stubs)
  foreach(library libc libm)
    add_custom_command(
      OUTPUT ${dir}/stubs/${library}.so
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}/stubs
      COMMAND ${Python3_EXECUTABLE} ${script} stubs ${abi} ${TC_ANDROID_API} ${library} ${dir}/stubs/${library}.c
      COMMAND ${TC_ANDROID_CLANG} ${target} -shared -nostdlib -fuse-ld=lld -fno-builtin -w
        -Wl,-soname,${library}.so -o ${dir}/stubs/${library}.so ${dir}/stubs/${library}.c
      DEPENDS ${script} ${table}
      COMMENT "Android ${abi}: ${library}.so stub at API ${TC_ANDROID_API}"
      VERBATIM)
    list(APPEND stubs ${dir}/stubs/${library}.so)
  endforeach()

  add_custom_command(
    OUTPUT ${dir}/android.o
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${TC_ANDROID_CLANG} ${target} ${arg_FLAGS} -fPIC -O2 -Wall -Wextra -c
      ${PROJECT_SOURCE_DIR}/embedded/android.c -o ${dir}/android.o
    DEPENDS ${PROJECT_SOURCE_DIR}/embedded/android.c
    COMMENT "Android ${abi}: compiling embedded/android.c"
    VERBATIM)

  if(TC_LLVM_INLINE_THRESHOLD)
    set(link_inline "-Wl,-mllvm,-inline-threshold=${TC_LLVM_INLINE_THRESHOLD}")
  else()
    set(link_inline)
  endif()
  set(library ${dir}/libtournamentcore.so)
  add_custom_command(
    OUTPUT ${library}
    COMMAND ${TC_ANDROID_CLANG} ${target} ${arg_FLAGS} ${arg_LINK_FLAGS} -shared -nostdlib -fuse-ld=lld -o ${library}
      -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/exports.map -Wl,-z,defs -Wl,--gc-sections
      -Wl,-soname,libtournamentcore.so -Wl,-z,max-page-size=16384 -Wl,-z,relro -Wl,-z,now
      -Wl,-z,noexecstack -Wl,--build-id=sha1 ${link_inline} ${TC_CALL_SCOPE_WRAP_FLAGS}
      ${arg_INPUTS} ${dir}/android.o ${stubs}
    DEPENDS ${arg_DEPENDS} ${dir}/android.o ${stubs} ${PROJECT_SOURCE_DIR}/cmake/exports.map
    COMMENT "Android ${abi}: linking libtournamentcore.so"
    VERBATIM)
  add_custom_target(tournamentcore-android-${abi} ALL DEPENDS ${library})
  set_property(GLOBAL APPEND PROPERTY tc_android_libraries "${abi}=${library}")
endfunction()

find_program(TC_ANDROID_CLANG clang HINTS "${tc_swift_bin}" NO_DEFAULT_PATH)
find_program(TC_ANDROID_OBJDUMP llvm-objdump HINTS "${tc_swift_bin}" NO_DEFAULT_PATH)
find_package(Python3 REQUIRED COMPONENTS Interpreter)

# arm64-v8a: the aarch64 Linux objects (compiled with x18 reserved, as Android's ABI asks), and
# the toolchain's Unicode tables with the one function that uses x18 renamed, so that
# embedded/android.c's wrapper, which keeps x18, is what its callers reach.
get_property(tc_aarch64_inputs GLOBAL PROPERTY tc_cross_aarch64_static_inputs)
set(tc_aarch64_tables ${tc_swift_usr}/lib/swift/embedded/aarch64-none-none-elf/libswiftUnicodeDataTables.a)
set(tc_android_arm64_tables ${CMAKE_BINARY_DIR}/android/arm64-v8a/tables/libswiftUnicodeDataTables.a)
find_program(TC_LLVM_AR llvm-ar HINTS "${tc_swift_bin}" NO_DEFAULT_PATH)
find_program(TC_LLVM_OBJCOPY llvm-objcopy HINTS "${tc_swift_bin}" NO_DEFAULT_PATH)
add_custom_command(
  OUTPUT ${tc_android_arm64_tables}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/android/arm64-v8a/tables
  COMMAND ${CMAKE_COMMAND} -E copy ${tc_aarch64_tables} ${tc_android_arm64_tables}
  COMMAND ${CMAKE_COMMAND} -E chdir ${CMAKE_BINARY_DIR}/android/arm64-v8a/tables
    ${TC_LLVM_AR} x ${tc_android_arm64_tables} UnicodeData.cpp.o
  COMMAND ${TC_LLVM_OBJCOPY} --redefine-sym _swift_stdlib_getMphIdx=tc_prebuilt_swift_stdlib_getMphIdx
    ${CMAKE_BINARY_DIR}/android/arm64-v8a/tables/UnicodeData.cpp.o
  COMMAND ${CMAKE_COMMAND} -E chdir ${CMAKE_BINARY_DIR}/android/arm64-v8a/tables
    ${TC_LLVM_AR} r ${tc_android_arm64_tables} UnicodeData.cpp.o
  DEPENDS ${tc_aarch64_tables}
  COMMENT "Android arm64-v8a: the Unicode tables with _swift_stdlib_getMphIdx wrapped"
  VERBATIM)
list(REMOVE_ITEM tc_aarch64_inputs ${tc_aarch64_tables})
# (Each Linux library's call scope finds its scope in ELF TLS, which Android's API 28 does not
# have: the Android libraries take the call scope compiled with a pthread key instead.)
function(tc_android_call_scope inputs_variable cross_name)
  get_property(tls_object GLOBAL PROPERTY tc_cross_${cross_name}_dir)
  get_property(keys_object GLOBAL PROPERTY tc_cross_${cross_name}_thread_keys_call_scope)
  set(inputs ${${inputs_variable}})
  list(REMOVE_ITEM inputs ${tls_object}/call_scope.o)
  list(APPEND inputs ${keys_object})
  set(${inputs_variable} ${inputs} PARENT_SCOPE)
endfunction()
tc_android_call_scope(tc_aarch64_inputs aarch64)
tc_android_abi(arm64-v8a aarch64-linux-android
  INPUTS ${tc_aarch64_inputs} ${tc_android_arm64_tables} DEPENDS ${tc_aarch64_inputs} ${tc_android_arm64_tables})

# armeabi-v7a: the armv7 Linux objects (the soft-float calling convention, which armeabi-v7a's
# is between libraries), with libgcc's helpers (soft-float arithmetic, 64-bit division) and its
# ARM unwinder (the personality routine the unwind tables name), linked in and hidden as the
# Linux library has them, in the place of the NDK's compiler-rt and libunwind; lld's fix for the
# Cortex-A8 erratum, as the NDK links armeabi-v7a.
get_property(tc_armv7_inputs GLOBAL PROPERTY tc_cross_armv7_static_inputs)
tc_android_call_scope(tc_armv7_inputs armv7)
get_property(tc_armv7_cc GLOBAL PROPERTY tc_cross_armv7_cc)
execute_process(COMMAND ${tc_armv7_cc} -print-libgcc-file-name OUTPUT_VARIABLE tc_armv7_libgcc OUTPUT_STRIP_TRAILING_WHITESPACE)
get_filename_component(tc_armv7_libgcc_dir ${tc_armv7_libgcc} DIRECTORY)
tc_android_abi(armeabi-v7a armv7a-linux-androideabi
  FLAGS -mfloat-abi=soft LINK_FLAGS -Wl,--fix-cortex-a8
  INPUTS ${tc_armv7_inputs} ${tc_armv7_libgcc} ${tc_armv7_libgcc_dir}/libgcc_eh.a ${tc_armv7_libgcc}
  DEPENDS ${tc_armv7_inputs})

# x86_64 (emulators, Chromebooks): the native build's modules and embedded/runtime.c, compiled
# as the native library's.
set(tc_android_x86_64_runtime ${CMAKE_BINARY_DIR}/android/x86_64/runtime.o)
set(tc_android_x86_64_call_scope ${CMAKE_BINARY_DIR}/android/x86_64/call_scope.o)
add_custom_command(
  OUTPUT ${tc_android_x86_64_runtime} ${tc_android_x86_64_call_scope}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/android/x86_64
  COMMAND ${CMAKE_C_COMPILER} -fPIC -O2 -std=c99 -Wall -Wextra -c ${PROJECT_SOURCE_DIR}/embedded/runtime.c -o ${tc_android_x86_64_runtime}
  COMMAND ${CMAKE_C_COMPILER} -fPIC -O2 -std=c99 -Wall -Wextra -DTC_THREAD_KEYS -c ${PROJECT_SOURCE_DIR}/embedded/call_scope.c -o ${tc_android_x86_64_call_scope}
  DEPENDS ${PROJECT_SOURCE_DIR}/embedded/runtime.c ${PROJECT_SOURCE_DIR}/embedded/call_scope.c ${PROJECT_SOURCE_DIR}/embedded/include/tc_call_scope.h
  COMMENT "Android x86_64: compiling embedded/runtime.c and embedded/call_scope.c"
  VERBATIM)
tc_android_abi(x86_64 x86_64-linux-android
  INPUTS -Wl,--whole-archive $<TARGET_FILE:TournamentCoreABI> -Wl,--no-whole-archive
    ${tc_android_x86_64_runtime} ${tc_android_x86_64_call_scope} ${tc_embedded_libs}/libswiftUnicodeDataTables.a
  DEPENDS TournamentCoreABI ${tc_android_x86_64_runtime}
    ${tc_android_x86_64_call_scope})

get_property(tc_android_libraries GLOBAL PROPERTY tc_android_libraries)
foreach(entry IN LISTS tc_android_libraries)
  string(REPLACE "=" ";" parts ${entry})
  list(GET parts 0 abi)
  list(GET parts 1 library)
  add_test(NAME android_library_${abi}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/android.py check-library
      ${abi} ${TC_ANDROID_API} ${library} --objdump=${TC_ANDROID_OBJDUMP})
  set_tests_properties(android_library_${abi} PROPERTIES LABELS android)
endforeach()

# tournamentcore-<version>.aar and its POM: the Kotlin binding's classes (classes.jar), the three
# libraries (jni/<abi>/), the manifest, the consumer shrinking rules; called once the Kotlin
# binding's jar is a target.
function(tc_android_aar classes_target classes_jar)
  get_property(libraries GLOBAL PROPERTY tc_android_libraries)
  set(library_files)
  foreach(entry IN LISTS libraries)
    string(REPLACE "=" ";" parts ${entry})
    list(GET parts 1 file)
    list(APPEND library_files ${file})
  endforeach()
  set(aar ${CMAKE_BINARY_DIR}/android/tournamentcore-${PROJECT_VERSION}.aar)
  set(script ${PROJECT_SOURCE_DIR}/scripts/android.py)
  add_custom_command(
    OUTPUT ${aar} ${CMAKE_BINARY_DIR}/android/tournamentcore-${PROJECT_VERSION}.pom
    COMMAND ${Python3_EXECUTABLE} ${script} aar ${aar} ${PROJECT_VERSION} ${TC_ANDROID_API} ${classes_jar} ${libraries}
    DEPENDS ${script} ${library_files} ${classes_jar} ${classes_target}
      ${PROJECT_SOURCE_DIR}/android/AndroidManifest.xml ${PROJECT_SOURCE_DIR}/android/consumer-rules.pro
      ${PROJECT_SOURCE_DIR}/android/tournamentcore.pom.in
    COMMENT "Android: tournamentcore-${PROJECT_VERSION}.aar"
    VERBATIM)
  add_custom_target(tournamentcore-aar ALL DEPENDS ${aar})
  add_test(NAME android_aar
    COMMAND ${Python3_EXECUTABLE} ${script} check-aar ${aar} ${TC_ANDROID_API} --objdump=${TC_ANDROID_OBJDUMP})
  set_tests_properties(android_aar PROPERTIES LABELS android)
endfunction()

# The checks find what they look for: the aarch64 Linux library (glibc's names and SONAME, the
# toolchain's x18 use unwrapped) fails them.
get_property(tc_aarch64_dir GLOBAL PROPERTY tc_cross_aarch64_dir)
add_test(NAME android_checks_reject_the_linux_library
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/android.py check-library
    arm64-v8a ${TC_ANDROID_API} ${tc_aarch64_dir}/libtournamentcore.so --objdump=${TC_ANDROID_OBJDUMP})
set_tests_properties(android_checks_reject_the_linux_library PROPERTIES LABELS android
  PASS_REGULAR_EXPRESSION "SONAME .*needs .*libc\\.so\\.6.*undefined __errno_location: bionic has no such public symbol.*_swift_stdlib_getMphIdx does not save and restore x18")
# The native x86_64 Linux library: 4 KB pages and LLVM's bcmp; an arm64 library taken for x86_64.
add_test(NAME android_checks_reject_the_native_linux_library
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/android.py check-library
    x86_64 ${TC_ANDROID_API} $<TARGET_FILE:tournamentcore> --objdump=${TC_ANDROID_OBJDUMP})
set_tests_properties(android_checks_reject_the_native_linux_library PROPERTIES LABELS android
  PASS_REGULAR_EXPRESSION "aligned to 0x1000: 16 KB pages need 0x4000.*undefined bcmp: bionic has no such public symbol")
add_test(NAME android_checks_reject_another_machine
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/android.py check-library
    x86_64 ${TC_ANDROID_API} ${CMAKE_BINARY_DIR}/android/arm64-v8a/libtournamentcore.so --objdump=${TC_ANDROID_OBJDUMP})
set_tests_properties(android_checks_reject_another_machine PROPERTIES LABELS android
  PASS_REGULAR_EXPRESSION "machine AArch64, expected Advanced Micro Devices X86-64")
