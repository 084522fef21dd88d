/*
 * The JNI shim of Benchmarks/kotlin/Crossing.kt: tc_call_n of a library it dlopens, called from the
 * JVM through JNI rather than JNA, to time what a JNI binding would save per call. Not part of the
 * binding (which crosses through JNA direct mapping: bindings/kotlin/README.md says why).
 *
 *   long   open(byte[] pathZ)                                 a handle, or a negative error code
 *   byte[] call(long handle, byte[] methodZ, byte[] request, int length)
 *                                                             the response, or null (lastError says why)
 *   int    lastError()                                        this thread's last call's error, 0 if none
 *
 * call: the method name (NUL-terminated) and the request are reached with
 * GetPrimitiveArrayCritical (nothing copied in), tc_call_n runs inside that critical region, the
 * response is copied into a new byte array (NewByteArray + SetByteArrayRegion) after the region
 * is left, and tc_string_free releases it whatever happens. No Java exception is ever pending on
 * return: a JNI function that raised one (an OutOfMemoryError) has it cleared, and the failure is
 * returned as null with its code in lastError.
 */
#include <dlfcn.h>
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef char *(*tc_call_n_fn)(const char *, const char *, size_t, size_t *);
typedef void (*tc_string_free_fn)(char *);

struct library {
  void *handle;
  tc_call_n_fn call_n;
  tc_string_free_fn string_free;
};

/* The error codes: Crossing.kt's JniShim.describe names them. */
enum {
  ERROR_NONE = 0,
  ERROR_HANDLE = 1,          /* handle 0 */
  ERROR_ARGUMENT = 2,        /* a null array */
  ERROR_METHOD_NOT_NUL = 3,  /* the method name's array does not end with NUL */
  ERROR_LENGTH = 4,          /* length < 0 or beyond the request's array */
  ERROR_PIN = 5,             /* GetPrimitiveArrayCritical failed */
  ERROR_NULL_RESPONSE = 6,   /* tc_call_n returned NULL */
  ERROR_TOO_LARGE = 7,       /* a response too long for a byte array */
  ERROR_ARRAY = 8,           /* NewByteArray or SetByteArrayRegion failed */
  ERROR_OPEN = 9,            /* open: dlopen failed */
  ERROR_SYMBOL = 10,         /* open: tc_call_n or tc_string_free missing */
  ERROR_MEMORY = 11          /* open: malloc failed */
};

static _Thread_local jint last_error;

static jobject fail(jint code) {
  last_error = code;
  return NULL;
}

/* Clears a pending exception (an OutOfMemoryError of a JNI function): the failure is returned instead. */
static int cleared(JNIEnv *env) {
  if ((*env)->ExceptionCheck(env)) {
    (*env)->ExceptionClear(env);
    return 1;
  }
  return 0;
}

JNIEXPORT jlong JNICALL Java_tournamentcore_benchmarks_JniShim_open(JNIEnv *env, jclass cls, jbyteArray pathZ) {
  (void)cls;
  if (pathZ == NULL) return -ERROR_ARGUMENT;
  jsize size = (*env)->GetArrayLength(env, pathZ);
  if (size < 1) return -ERROR_ARGUMENT;
  char *path = malloc((size_t)size);
  if (path == NULL) return -ERROR_MEMORY;
  (*env)->GetByteArrayRegion(env, pathZ, 0, size, (jbyte *)path);
  if (cleared(env) || path[size - 1] != '\0') {
    free(path);
    return -ERROR_ARGUMENT;
  }
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  free(path);
  if (handle == NULL) return -ERROR_OPEN;
  struct library *library = malloc(sizeof *library);
  if (library == NULL) {
    dlclose(handle);
    return -ERROR_MEMORY;
  }
  library->handle = handle;
  /* (A function pointer through a data pointer: what POSIX's dlsym requires of the platform.) */
  void *call_n = dlsym(handle, "tc_call_n");
  void *string_free = dlsym(handle, "tc_string_free");
  if (call_n == NULL || string_free == NULL) {
    free(library);
    dlclose(handle);
    return -ERROR_SYMBOL;
  }
  memcpy(&library->call_n, &call_n, sizeof call_n);
  memcpy(&library->string_free, &string_free, sizeof string_free);
  return (jlong)(intptr_t)library;
}

JNIEXPORT jbyteArray JNICALL Java_tournamentcore_benchmarks_JniShim_call(JNIEnv *env, jclass cls, jlong handle,
                                                                       jbyteArray methodZ, jbyteArray request,
                                                                       jint length) {
  (void)cls;
  last_error = ERROR_NONE;
  const struct library *library = (const struct library *)(intptr_t)handle;
  if (library == NULL) return fail(ERROR_HANDLE);
  if (methodZ == NULL || request == NULL) return fail(ERROR_ARGUMENT);
  /* The lengths before the critical region: no other JNI call may be made inside it. */
  jsize method_size = (*env)->GetArrayLength(env, methodZ);
  jsize request_size = (*env)->GetArrayLength(env, request);
  if (length < 0 || length > request_size) return fail(ERROR_LENGTH);
  if (method_size < 1) return fail(ERROR_METHOD_NOT_NUL);

  char *method = (*env)->GetPrimitiveArrayCritical(env, methodZ, NULL);
  if (method == NULL) {
    cleared(env);
    return fail(ERROR_PIN);
  }
  if (method[method_size - 1] != '\0') {
    (*env)->ReleasePrimitiveArrayCritical(env, methodZ, method, JNI_ABORT);
    return fail(ERROR_METHOD_NOT_NUL);
  }
  char *bytes = (*env)->GetPrimitiveArrayCritical(env, request, NULL);
  if (bytes == NULL) {
    (*env)->ReleasePrimitiveArrayCritical(env, methodZ, method, JNI_ABORT);
    cleared(env);
    return fail(ERROR_PIN);
  }
  size_t response_len = 0;
  char *response = library->call_n(method, bytes, (size_t)length, &response_len);
  /* Nothing was written to either array: JNI_ABORT (no copy back, if the JVM had made a copy). */
  (*env)->ReleasePrimitiveArrayCritical(env, request, bytes, JNI_ABORT);
  (*env)->ReleasePrimitiveArrayCritical(env, methodZ, method, JNI_ABORT);
  if (response == NULL) return fail(ERROR_NULL_RESPONSE);

  jbyteArray result = NULL;
  jint error = ERROR_NONE;
  if (response_len > (size_t)INT32_MAX - 8) {
    error = ERROR_TOO_LARGE;
  } else {
    result = (*env)->NewByteArray(env, (jsize)response_len);
    if (result == NULL) {
      cleared(env);
      error = ERROR_ARRAY;
    } else {
      (*env)->SetByteArrayRegion(env, result, 0, (jsize)response_len, (const jbyte *)response);
      if (cleared(env)) {
        (*env)->DeleteLocalRef(env, result);
        result = NULL;
        error = ERROR_ARRAY;
      }
    }
  }
  library->string_free(response);
  if (result == NULL) return fail(error);
  return result;
}

JNIEXPORT jint JNICALL Java_tournamentcore_benchmarks_JniShim_lastError(JNIEnv *env, jclass cls) {
  (void)env;
  (void)cls;
  return last_error;
}
