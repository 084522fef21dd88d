// JNA direct mapping of tc_call_n and tc_string_free: a call through a static native method
// registered with Native.register, instead of Function.invoke (an Object[] of boxed arguments
// converted one by one, and JNA's generic dispatch): several times cheaper per small call, as
// Benchmarks/kotlin/Crossing.kt measures (bash Benchmarks/run.sh --kotlin).
//
// Direct mapping binds the native methods of a class to one library, for the life of the
// process; a TournamentCore may load any library (the tests load the library and a stand-in side
// by side). So there are a few slots, each a class of its own: the first libraries a process loads
// (by file) take one each and keep it; a library beyond them is called through Function.invoke,
// as before (TournamentCore falls back when boundary() gives null). A slot's library stays loaded.
//
// size_t and pointers are 64 bits (Wide: Java long) or 32 bits (Narrow: Java int, armeabi-v7a and
// other 32-bit ABIs), as Native.SIZE_T_SIZE and Native.POINTER_SIZE say; the pointer is passed
// around as its address (a Long, zero-extended from 32 bits), so that no Pointer object is made
// in native code.
package tournamentcore

import com.sun.jna.Native
import com.sun.jna.NativeLibrary
import java.io.File
import java.io.IOException

/** tc_call_n and tc_string_free of one library. */
internal abstract class Boundary {
    /** tc_call_n(method, request, length, &response_len): the response's address (0 for NULL), its length in [responseLength][0]. */
    abstract fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long

    /** tc_string_free(response). */
    abstract fun free(response: Long)

    companion object {
        private const val SLOTS = 4
        private val wide = Native.SIZE_T_SIZE == 8 && Native.POINTER_SIZE == 8
        private val narrow = Native.SIZE_T_SIZE == 4 && Native.POINTER_SIZE == 4
        private val taken = HashMap<String, Boundary>()

        /**
         * The directly mapped functions of [library] (the slot of its file, taken now if it has
         * none and one is free), or null: every slot is taken by another library, or sizes are
         * neither all 64 nor all 32 bits. [library] must have both functions (checked by the caller).
         */
        @Synchronized
        fun of(library: NativeLibrary): Boundary? {
            if (!wide && !narrow) return null
            val key = library.file?.let { canonical(it) } ?: library.name
            taken[key]?.let { return it }
            if (taken.size == SLOTS) return null
            val slot = taken.size
            val boundary: Boundary = if (wide) {
                when (slot) {
                    0 -> { Native.register(Wide0::class.java, library); WideBoundary0 }
                    1 -> { Native.register(Wide1::class.java, library); WideBoundary1 }
                    2 -> { Native.register(Wide2::class.java, library); WideBoundary2 }
                    else -> { Native.register(Wide3::class.java, library); WideBoundary3 }
                }
            } else {
                when (slot) {
                    0 -> { Native.register(Narrow0::class.java, library); NarrowBoundary0 }
                    1 -> { Native.register(Narrow1::class.java, library); NarrowBoundary1 }
                    2 -> { Native.register(Narrow2::class.java, library); NarrowBoundary2 }
                    else -> { Native.register(Narrow3::class.java, library); NarrowBoundary3 }
                }
            }
            taken[key] = boundary
            return boundary
        }

        private fun canonical(file: File): String = try {
            file.canonicalPath
        } catch (e: IOException) {
            file.absolutePath
        }

        /** The address of a 32-bit pointer, zero-extended. */
        fun address(pointer: Int): Long = pointer.toLong() and 0xFFFFFFFFL
    }
}

// The slots. Each object's native methods are bound to one library by Native.register; the
// Boundary objects call them (a static call, resolved at compile time: hence one pair per slot).

internal object Wide0 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Long, responseLength: LongArray): Long
    @JvmStatic external fun tc_string_free(response: Long)
}

internal object Wide1 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Long, responseLength: LongArray): Long
    @JvmStatic external fun tc_string_free(response: Long)
}

internal object Wide2 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Long, responseLength: LongArray): Long
    @JvmStatic external fun tc_string_free(response: Long)
}

internal object Wide3 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Long, responseLength: LongArray): Long
    @JvmStatic external fun tc_string_free(response: Long)
}

internal object Narrow0 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Int, responseLength: IntArray): Int
    @JvmStatic external fun tc_string_free(response: Int)
}

internal object Narrow1 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Int, responseLength: IntArray): Int
    @JvmStatic external fun tc_string_free(response: Int)
}

internal object Narrow2 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Int, responseLength: IntArray): Int
    @JvmStatic external fun tc_string_free(response: Int)
}

internal object Narrow3 {
    @JvmStatic external fun tc_call_n(method: ByteArray, request: ByteArray, length: Int, responseLength: IntArray): Int
    @JvmStatic external fun tc_string_free(response: Int)
}

private object WideBoundary0 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long =
        Wide0.tc_call_n(methodZ, request, length.toLong(), responseLength)
    override fun free(response: Long) = Wide0.tc_string_free(response)
}

private object WideBoundary1 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long =
        Wide1.tc_call_n(methodZ, request, length.toLong(), responseLength)
    override fun free(response: Long) = Wide1.tc_string_free(response)
}

private object WideBoundary2 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long =
        Wide2.tc_call_n(methodZ, request, length.toLong(), responseLength)
    override fun free(response: Long) = Wide2.tc_string_free(response)
}

private object WideBoundary3 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long =
        Wide3.tc_call_n(methodZ, request, length.toLong(), responseLength)
    override fun free(response: Long) = Wide3.tc_string_free(response)
}

// size_t is 32 bits: the response length comes back in an IntArray, zero-extended.

private object NarrowBoundary0 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long {
        val out = IntArray(1)
        val response = Narrow0.tc_call_n(methodZ, request, length, out)
        responseLength[0] = address(out[0])
        return address(response)
    }
    override fun free(response: Long) = Narrow0.tc_string_free(response.toInt())
}

private object NarrowBoundary1 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long {
        val out = IntArray(1)
        val response = Narrow1.tc_call_n(methodZ, request, length, out)
        responseLength[0] = address(out[0])
        return address(response)
    }
    override fun free(response: Long) = Narrow1.tc_string_free(response.toInt())
}

private object NarrowBoundary2 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long {
        val out = IntArray(1)
        val response = Narrow2.tc_call_n(methodZ, request, length, out)
        responseLength[0] = address(out[0])
        return address(response)
    }
    override fun free(response: Long) = Narrow2.tc_string_free(response.toInt())
}

private object NarrowBoundary3 : Boundary() {
    override fun call(methodZ: ByteArray, request: ByteArray, length: Int, responseLength: LongArray): Long {
        val out = IntArray(1)
        val response = Narrow3.tc_call_n(methodZ, request, length, out)
        responseLength[0] = address(out[0])
        return address(response)
    }
    override fun free(response: Long) = Narrow3.tc_string_free(response.toInt())
}
