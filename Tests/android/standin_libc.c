/* bionic's libc.so, as far as the Android libraries need more of it than glibc has: loaded in
 * its place (its SONAME is libc.so, the name the libraries' NEEDED entries give) for the runs
 * over glibc (Tests/android/CMakeLists.txt), it depends on glibc's libc.so.6 for everything
 * else. The one symbol bionic has and glibc lacks that the libraries call is __errno, bionic's
 * name for glibc's __errno_location (both the calling thread's errno): embedded/android.c maps
 * glibc's name to it. */
#include <errno.h>

int *__errno(void) { return &errno; }
