# The library's modules (and the tool's) compiled with Embedded Swift by swiftc directly, one
# swiftc per module in dependency order: for the targets CMake's own Swift support does not
# build (it knows one Swift target per build, the native one: cmake/wasm.cmake,
# cmake/cross.cmake), and for the native Embedded build's lower modules (CMakeLists.txt).
#
#   tc_embedded_swift_modules(DIR LABEL OBJECTS_VARIABLE
#     [INTERFACES module...] [MODULES module...] FLAGS flag... [DEPENDS file...])
#
# Embedded Swift compiles into a module the code of everything it reaches in the modules it
# imports (each function a weak definition; the link keeps one), so the library's top module,
# TournamentCoreABI, holds all the code the library runs, and an object of a module below it
# would only be linked to be thrown away. INTERFACES are those modules: each becomes
# DIR/<module>.swiftmodule alone (type-checked and optimized, no code generated: a third of a
# full compile). MODULES become DIR/<module>.o and DIR/<module>.swiftmodule. FLAGS must let a
# module find the ones before it (`-I DIR`). DEPENDS are files every module is compiled again
# for (the interfaces of modules compiled by an earlier call, headers a module imports).
# OBJECTS_VARIABLE receives the objects, in order.
# (A link that needs a function no object defines fails: the libraries link with -z defs.)
function(tc_embedded_swift_modules dir label objects_variable)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "" "INTERFACES;MODULES;FLAGS;DEPENDS")
  file(GLOB headers ${PROJECT_SOURCE_DIR}/embedded/include/*)
  set(objects)
  set(previous ${arg_DEPENDS})
  foreach(module IN LISTS arg_INTERFACES arg_MODULES)
    file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/Sources/${module}/*.swift")
    if(module IN_LIST arg_INTERFACES)
      set(outputs ${dir}/${module}.swiftmodule)
      set(code)
      set(what "the interface of ${module}")
    else()
      set(outputs ${dir}/${module}.o ${dir}/${module}.swiftmodule)
      set(code -c -o ${dir}/${module}.o)
      set(what ${module})
      list(APPEND objects ${dir}/${module}.o)
    endif()
    add_custom_command(
      OUTPUT ${outputs}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${CMAKE_Swift_COMPILER} ${arg_FLAGS} -module-name ${module}
        -emit-module -emit-module-path ${dir}/${module}.swiftmodule
        ${code} ${sources}
      DEPENDS ${sources} ${previous} ${headers}
      COMMENT "Compiling ${what} for ${label} (Embedded Swift)"
      VERBATIM)
    list(APPEND previous ${dir}/${module}.swiftmodule)
  endforeach()
  set(${objects_variable} ${objects} PARENT_SCOPE)
endfunction()
