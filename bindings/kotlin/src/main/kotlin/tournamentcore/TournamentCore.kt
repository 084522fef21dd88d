package tournamentcore

import com.google.gson.JsonElement
import com.google.gson.JsonObject
import com.google.gson.JsonParseException
import com.google.gson.stream.JsonReader
import com.google.gson.stream.JsonToken
import com.sun.jna.Function
import com.sun.jna.Native
import com.sun.jna.NativeLibrary
import com.sun.jna.Pointer
import java.io.File
import java.io.IOException
import java.io.StringReader
import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.util.concurrent.ConcurrentHashMap

/**
 * An error response of TournamentCore: [code] such as `INVALID_REQUEST`, `UNKNOWN_METHOD` or a
 * method's own code (`SAME_SETUP`, `INVALID_GUEST_NAME`...), [message], and [path], the JSONPath
 * of the request value the error is about (`$.tournaments[0].id`), or null.
 */
class TournamentCoreException(
    val code: String,
    override val message: String,
    val path: String?
) : RuntimeException(message) {
    override fun toString(): String =
        "TournamentCoreException: $code: $message" + (if (path != null) " (at $path)" else "")
}

/**
 * TournamentCore, the tournament app's shared rules, loaded from `libtournamentcore` through JNA.
 *
 * ```
 * val core = TournamentCore()
 * val tabs = core.tournamentsFilter(TournamentsFilterRequest(tournaments = listOf(TournamentDocument(id = "t1"))))
 * println(tabs.labels.active)                            // Active (1)
 * val text = core.call("guests.validateId", """{"id":"guest_0123456789abcdef"}""")   // {"valid":true}
 * ```
 *
 * [library] is a path to the shared library, or a library name that JNA looks up (`tournamentcore`
 * finds `libtournamentcore.so` on `jna.library.path`, the system's library paths, or an Android
 * app's `jniLibs`). The no-argument constructor uses the system property `tournamentcore.library`,
 * else the environment variable `TOURNAMENTCORE_LIBRARY`, else the name `tournamentcore`.
 *
 * Thread safety: an instance is immutable and may be shared by any number of threads; every call
 * is independent (the library is thread-safe and this class keeps no mutable state).
 *
 * Memory: every response of the library is copied into the JVM and released with
 * `tc_string_free` before the call returns, whatever happens; nothing native outlives a call.
 *
 * @throws UnsatisfiedLinkError when the library cannot be loaded or lacks a `tc_*` function.
 */
class TournamentCore(library: String) : TournamentCoreMethods() {
    /** Loads the library found as described above. */
    constructor() : this(defaultLibrary())

    /** Loads the library at [library]. */
    constructor(library: File) : this(library.absolutePath)

    // Kept here: a NativeLibrary that becomes unreachable is closed by JNA's cleaner.
    private val native: NativeLibrary = load(library)
    private val callN: Function = function(native, "tc_call_n")
    private val stringFree: Function = function(native, "tc_string_free")

    /** The loaded library's version, `MAJOR.MINOR.PATCH` (`tc_version()`). */
    val version: String = function(native, "tc_version").invokePointer(arrayOf<Any>())
        ?.getString(0, "UTF-8") ?: throw IllegalStateException("tc_version returned NULL")

    // tc_call_n and tc_string_free directly mapped (Direct.kt), or null: called through the Functions.
    private val direct: Boundary? = Boundary.of(native)

    /** The file JNA loaded, when it knows it. */
    val libraryFile: File? get() = native.file

    /**
     * Calls [method] (such as `"tournaments.filter"`) with [request] (a JSON object as text) and
     * returns the `result` of the response: its JSON text, exactly as the library wrote it.
     *
     * @throws TournamentCoreException for an error response (`UNKNOWN_METHOD` for an unknown method).
     * @throws IllegalArgumentException when [request] or [method] is not well-formed UTF-16 (a lone
     *   surrogate), or [method] holds a NUL character: such text has no exact UTF-8 form.
     * @throws OutOfMemoryError when the library could not allocate its response.
     */
    override fun call(method: String, request: String): String =
        resultOf(text(callBytes(method, utf8(request, "request"))))

    /**
     * The library's whole response envelope (`{"ok":true,"result":...}` or
     * `{"ok":false,"error":...}`), byte for byte, for [request] given as raw bytes (normally UTF-8
     * JSON; any bytes may be passed, e.g. to see how the library answers invalid UTF-8).
     *
     * @throws OutOfMemoryError when the library could not allocate its response.
     */
    fun callBytes(method: String, request: ByteArray): ByteArray =
        invoke(methodName(method), request, request.size) { response, size -> response.getByteArray(0, size) }

    /**
     * Calls `tc_call_n` with [methodZ] (NUL-terminated) and the first [length] bytes of [request];
     * [read] takes what it needs of the response (its pointer and length) before it is released.
     */
    private inline fun <T> invoke(methodZ: ByteArray, request: ByteArray, length: Int, read: (Pointer, Int) -> T): T {
        val direct = direct
        if (direct != null) {
            val lengthOut = LongArray(1)
            val address = direct.call(methodZ, request, length, lengthOut)
            if (address == 0L) throw OutOfMemoryError("TournamentCore could not allocate its response (tc_call_n returned NULL)")
            try {
                val size = lengthOut[0]
                if (size < 0 || size > Int.MAX_VALUE - 8) {
                    throw OutOfMemoryError("TournamentCore's response is too large for a byte array: $size bytes")
                }
                return read(Pointer(address), size.toInt())
            } finally {
                direct.free(address)
            }
        }
        // size_t is passed as a Java long or int of its own size; *response_len is written into
        // a one-element array of that size (JNA copies primitive arrays back after the call).
        val wide = Native.SIZE_T_SIZE == 8
        val lengthIn: Any = if (wide) length.toLong() else length
        val lengthOut: Any = if (wide) LongArray(1) else IntArray(1)
        val response: Pointer = callN.invokePointer(arrayOf(methodZ, request, lengthIn, lengthOut))
            ?: throw OutOfMemoryError("TournamentCore could not allocate its response (tc_call_n returned NULL)")
        try {
            val size = if (wide) (lengthOut as LongArray)[0] else (lengthOut as IntArray)[0].toLong() and 0xFFFFFFFFL
            if (size > Int.MAX_VALUE - 8) throw OutOfMemoryError("TournamentCore's response is too large for a byte array: $size bytes")
            return read(response, size.toInt())
        } finally {
            stringFree.invokeVoid(arrayOf(response))
        }
    }

    /**
     * A typed call: the request written by its adapter (JsonOut, then its UTF-8 bytes), the response
     * decoded once into chars, and its `result` read by the result's adapter in place (no String
     * of the request, the envelope or the result; the envelope checked as [call] checks it).
     */
    override fun <Q : Any, R : Any> typedCall(method: String, request: Q, requestJson: ContractAdapter<Q>,
                                              resultJson: ContractAdapter<R>): R {
        val out = JsonOut()
        requestJson.writeValue(out, request)
        val bytes = out.utf8()
        val methodZ = typedNames[method] ?: methodName(method).also { typedNames[method] = it }
        val envelope = invoke(methodZ, bytes, bytes.size) { response, size -> chars(response.getByteArray(0, size)) }
        return readResult(envelope, resultJson)
    }

    override fun toString(): String = "TournamentCore $version (${native.file ?: native.name})"

    companion object {
        /** The library name JNA looks up by default. */
        const val LIBRARY_NAME: String = "tournamentcore"

        /** The system property naming the library (a path or a name) for the no-argument constructor. */
        const val LIBRARY_PROPERTY: String = "tournamentcore.library"

        /** The environment variable naming the library, after [LIBRARY_PROPERTY]. */
        const val LIBRARY_VARIABLE: String = "TOURNAMENTCORE_LIBRARY"

        private const val OK_PREFIX = "{\"ok\":true,\"result\":"

        @JvmStatic
        private fun defaultLibrary(): String =
            System.getProperty(LIBRARY_PROPERTY)?.takeIf { it.isNotEmpty() }
                ?: System.getenv(LIBRARY_VARIABLE)?.takeIf { it.isNotEmpty() }
                ?: LIBRARY_NAME

        private fun load(library: String): NativeLibrary = try {
            NativeLibrary.getInstance(library)
        } catch (e: UnsatisfiedLinkError) {
            val error = UnsatisfiedLinkError(
                "Cannot load TournamentCore from \"$library\". Pass the library's path to TournamentCore(...), " +
                    "set -D$LIBRARY_PROPERTY=<path> or -Djna.library.path=<folder of libtournamentcore.so>, " +
                    "or (Android) package it as jniLibs/<abi>/libtournamentcore.so. JNA said: ${e.message}")
            error.initCause(e)
            throw error
        }

        private fun function(library: NativeLibrary, name: String): Function = try {
            library.getFunction(name)
        } catch (e: UnsatisfiedLinkError) {
            val error = UnsatisfiedLinkError("${library.file ?: library.name} has no $name: not a TournamentCore library of this version")
            error.initCause(e)
            throw error
        }

        /** [text] as UTF-8; refuses lone surrogates, which have no UTF-8 form (Java would write '?'). */
        private fun utf8(text: String, what: String): ByteArray {
            var index = 0
            while (index < text.length) {
                val char = text[index]
                if (Character.isHighSurrogate(char) && index + 1 < text.length && Character.isLowSurrogate(text[index + 1])) {
                    index += 2
                    continue
                }
                if (Character.isSurrogate(char)) {
                    val code = "%04X".format(text.codePointAt(index))
                    throw IllegalArgumentException("The $what holds a lone surrogate (U+$code) at index $index: it is not valid Unicode")
                }
                index++
            }
            return text.toByteArray(Charsets.UTF_8)
        }

        /** The NUL-terminated UTF-8 bytes of the typed calls' method names (a few dozen constants), by name. */
        private val typedNames = ConcurrentHashMap<String, ByteArray>()

        /** [method] as NUL-terminated UTF-8. */
        private fun methodName(method: String): ByteArray {
            val name = utf8(method, "method name")
            if (name.contains(0.toByte())) throw IllegalArgumentException("A method name cannot contain NUL")
            return name.copyOf(name.size + 1)
        }

        /** Strict UTF-8 decoding: the library's output is UTF-8, and anything else is a bug to report. */
        private fun chars(bytes: ByteArray): CharBuffer = try {
            Charsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
        } catch (e: CharacterCodingException) {
            throw IllegalStateException("TournamentCore's response is not valid UTF-8", e)
        }

        private fun text(bytes: ByteArray): String = chars(bytes).toString()

        /**
         * The typed result of [envelope]: its `result` read by [adapter] in place when the envelope
         * is `{"ok":true,"result":` + one JSON value + `}` (what [resultOf] accepts), else what
         * [resultOf] throws for it (a TournamentCoreException for an error envelope, an
         * IllegalStateException for what is not the contract's). A result of the wrong shape is a
         * JsonParseException, as from TournamentCoreJson.fromJson.
         */
        private fun <R : Any> readResult(envelope: CharBuffer, adapter: ContractAdapter<R>): R {
            val chars = envelope.array()
            val start = envelope.arrayOffset() + envelope.position()
            val end = start + envelope.remaining()
            if (end - start > OK_PREFIX.length && chars[end - 1] == '}' && startsWithOk(chars, start)) {
                val reader = JsonReader(CharsReader(chars, start + OK_PREFIX.length, end - 1))
                reader.isLenient = false
                try {
                    val value = adapter.readValue(reader)
                    if (reader.peek() == JsonToken.END_DOCUMENT) return value
                } catch (e: IOException) {
                    // Not one JSON value between the prefix and the final brace: resultOf says what it is.
                }
            }
            val text = String(chars, start, end - start)
            resultOf(text)
            throw IllegalStateException("TournamentCore's result could not be read: $text")
        }

        private fun startsWithOk(chars: CharArray, start: Int): Boolean {
            for (index in OK_PREFIX.indices) if (chars[start + index] != OK_PREFIX[index]) return false
            return true
        }

        /**
         * The `result` text of a success envelope (exactly the library's bytes: the envelope is
         * `{"ok":true,"result":` + result + `}`, checked with a strict parse), or the error of an
         * error envelope thrown as a TournamentCoreException.
         */
        private fun resultOf(envelope: String): String {
            if (envelope.startsWith(OK_PREFIX) && envelope.endsWith("}") && isSuccessEnvelope(envelope)) {
                return envelope.substring(OK_PREFIX.length, envelope.length - 1)
            }
            val tree = try {
                TournamentCoreJson.fromJson(envelope, JsonElement::class.java)
            } catch (e: JsonParseException) {
                throw IllegalStateException("TournamentCore's response is not JSON: $envelope", e)
            }
            val error = (tree as? JsonObject)?.takeIf { it.get("ok")?.let { ok -> ok.isJsonPrimitive && ok.asJsonPrimitive.isBoolean && !ok.asBoolean } == true }
                ?.get("error") as? JsonObject
            val code = error?.stringMember("code")
            val message = error?.stringMember("message")
            if (error == null || code == null || message == null) {
                throw IllegalStateException("Not a TournamentCore response envelope: $envelope")
            }
            throw TournamentCoreException(code, message, error.stringMember("path"))
        }

        private fun JsonObject.stringMember(name: String): String? {
            val member = get(name) ?: return null
            return if (member.isJsonPrimitive && member.asJsonPrimitive.isString) member.asString else null
        }

        /** Whether [envelope] is exactly one object of the members `ok` (true) and `result`, in that order. */
        private fun isSuccessEnvelope(envelope: String): Boolean = try {
            val reader = JsonReader(StringReader(envelope))
            reader.isLenient = false
            reader.beginObject()
            val ok = reader.nextName() == "ok" && reader.peek() == JsonToken.BOOLEAN && reader.nextBoolean()
            if (ok && reader.nextName() == "result") {
                reader.skipValue()
                reader.peek() == JsonToken.END_OBJECT && run { reader.endObject(); reader.peek() == JsonToken.END_DOCUMENT }
            } else {
                false
            }
        } catch (e: IOException) {
            false
        } catch (e: IllegalStateException) {
            false
        }
    }
}
