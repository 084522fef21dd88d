/* bionic's libm.so for the runs over glibc: nothing of its own. Its SONAME is libm.so, the name
 * the Android libraries' NEEDED entries give, and it depends on glibc's libm.so.6, which has
 * every libm function they call (Tests/android/CMakeLists.txt links it with --no-as-needed -lm). */
typedef int tc_standin_libm_is_glibc_libm;
