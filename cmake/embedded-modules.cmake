# The four modules (and the tool's) compiled with Embedded Swift for a target CMake's own Swift
# support does not build (CMake knows one Swift target per build, the native one): one swiftc per
# module, in dependency order, as the native build compiles them. Used by cmake/wasm.cmake and
# cmake/cross.cmake.
#
#   tc_embedded_swift_modules(DIR LABEL OBJECTS_VARIABLE MODULES module... FLAGS flag...)
#
# Each module becomes DIR/<module>.o and DIR/<module>.swiftmodule (FLAGS must let a module find
# the ones before it, `-I DIR`); OBJECTS_VARIABLE receives the objects, in order.
function(tc_embedded_swift_modules dir label objects_variable)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "" "MODULES;FLAGS")
  file(GLOB headers ${PROJECT_SOURCE_DIR}/embedded/include/*)
  set(objects)
  set(previous)
  foreach(module IN LISTS arg_MODULES)
    file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/Sources/${module}/*.swift")
    add_custom_command(
      OUTPUT ${dir}/${module}.o ${dir}/${module}.swiftmodule
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${CMAKE_Swift_COMPILER} ${arg_FLAGS} -module-name ${module}
        -emit-module -emit-module-path ${dir}/${module}.swiftmodule
        -c -o ${dir}/${module}.o ${sources}
      DEPENDS ${sources} ${previous} ${headers}
      COMMENT "Compiling ${module} for ${label} (Embedded Swift)"
      VERBATIM)
    list(APPEND objects ${dir}/${module}.o)
    list(APPEND previous ${dir}/${module}.swiftmodule)
  endforeach()
  set(${objects_variable} ${objects} PARENT_SCOPE)
endfunction()
