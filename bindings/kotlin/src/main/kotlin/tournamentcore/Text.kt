// The text of a typed call on its way to and from the library, without intermediate Strings: a
// request is written by its JsonWriter straight into UTF-8 bytes (Utf8Output), and a response is
// decoded strictly into chars once and read by the result's JsonReader in place (CharsReader).
package tournamentcore

import java.io.Reader
import java.io.Writer

/**
 * A Writer that encodes what it is given as UTF-8 into a byte array ([bytes], of which [size]
 * are written), refusing lone surrogates as [TournamentCore.call] does: a String holding one has
 * no UTF-8 form (Java's encoder would write '?'). A surrogate pair may be split across writes;
 * [finish] checks that none is left open. Not thread-safe: one per call.
 */
internal class Utf8Output(capacity: Int) : Writer() {
    var bytes = ByteArray(capacity)
        private set
    var size = 0
        private set
    private var written = 0L      // chars written before the current write call: the error's index
    private var high = 0          // a high surrogate waiting for its low half, or 0

    override fun write(c: Int) {
        reserve(4)
        put(c.toChar(), written)
        written++
    }

    override fun write(str: String, off: Int, len: Int) {
        reserve(len.toLong() * 3)
        var index = off
        val end = off + len
        var at = size
        val out = bytes
        while (index < end) {
            val char = str[index]
            if (char.toInt() < 0x80 && high == 0) {   // ASCII: most of a request
                out[at++] = char.toByte()
            } else {
                size = at
                put(char, written + (index - off))
                at = size
            }
            index++
        }
        size = at
        written += len
    }

    override fun write(cbuf: CharArray, off: Int, len: Int) {
        reserve(len.toLong() * 3)
        for (index in off until off + len) put(cbuf[index], written + (index - off))
        written += len
    }

    /** Encodes one UTF-16 unit at [index] of the text; room for 4 bytes is reserved. */
    private fun put(char: Char, index: Long) {
        val code = char.toInt()
        if (high != 0) {
            if (!Character.isLowSurrogate(char)) throw loneSurrogate(high, index - 1)
            val point = Character.toCodePoint(high.toChar(), char)
            high = 0
            bytes[size++] = (0xF0 or (point shr 18)).toByte()
            bytes[size++] = (0x80 or ((point shr 12) and 0x3F)).toByte()
            bytes[size++] = (0x80 or ((point shr 6) and 0x3F)).toByte()
            bytes[size++] = (0x80 or (point and 0x3F)).toByte()
            return
        }
        when {
            code < 0x80 -> bytes[size++] = code.toByte()
            code < 0x800 -> {
                bytes[size++] = (0xC0 or (code shr 6)).toByte()
                bytes[size++] = (0x80 or (code and 0x3F)).toByte()
            }
            Character.isHighSurrogate(char) -> high = code
            Character.isLowSurrogate(char) -> throw loneSurrogate(code, index)
            else -> {
                bytes[size++] = (0xE0 or (code shr 12)).toByte()
                bytes[size++] = (0x80 or ((code shr 6) and 0x3F)).toByte()
                bytes[size++] = (0x80 or (code and 0x3F)).toByte()
            }
        }
    }

    /** Room for [count] more bytes (and the 4 of a pending pair's completion). */
    private fun reserve(count: Long) {
        val needed = size + count + 4
        if (needed <= bytes.size) return
        if (needed > Int.MAX_VALUE - 8) throw OutOfMemoryError("The request is too large for a byte array")
        bytes = bytes.copyOf(maxOf(needed, minOf(bytes.size * 2L, Int.MAX_VALUE - 8L)).toInt())
    }

    /** Checks that the text did not end inside a surrogate pair. */
    fun finish() {
        if (high != 0) throw loneSurrogate(high, written - 1)
    }

    override fun flush() {}
    override fun close() {}

    private fun loneSurrogate(code: Int, index: Long): IllegalArgumentException =
        IllegalArgumentException("The request holds a lone surrogate (U+%04X) at index $index: it is not valid Unicode".format(code))
}

/** A Reader over [chars] from [start] to [end]; unlike CharArrayReader, it takes no lock per read. */
internal class CharsReader(private val chars: CharArray, start: Int, private val end: Int) : Reader() {
    private var position = start

    override fun read(cbuf: CharArray, off: Int, len: Int): Int {
        if (position >= end) return -1
        val count = minOf(len, end - position)
        System.arraycopy(chars, position, cbuf, off, count)
        position += count
        return count
    }

    override fun close() {}
}
