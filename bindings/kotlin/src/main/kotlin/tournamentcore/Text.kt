// The text of the typed calls: JsonOut, the compact JSON writer of the generated writers (Types.kt),
// which writes into a char array in one pass; the request's UTF-8 bytes, made from those chars in
// one more, refusing lone surrogates; and CharsReader, over which the result's JsonReader reads the
// decoded response in place. No Writer, no String of the request, the envelope or the result.
package tournamentcore

import com.google.gson.JsonArray
import com.google.gson.JsonElement
import com.google.gson.JsonNull
import com.google.gson.JsonObject
import com.google.gson.JsonPrimitive
import java.io.Reader
import java.math.BigDecimal
import java.math.BigInteger
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * A compact JSON writer into a char array, with the output of Gson's JsonWriter as the binding
 * configures it (no HTML escaping; `"`, `\` and the controls below U+0020 escaped as Gson
 * escapes them, `\u2028` and `\u2029` too; numbers as Long.toString and Double.toString write
 * them), so that the request text is the same, byte for byte, as Gson's would be. It writes what
 * it is told in order: the generated writers call it in a valid order (a name before each member
 * value, containers closed), so it keeps no stack, only whether a comma comes before the next item.
 * Not thread-safe: one per call.
 */
internal class JsonOut(capacity: Int = 1024) {
    private var chars = CharArray(capacity)
    private var size = 0
    private var comma = false   // an item (a member or a value) was written at this level

    fun beginObject() { open('{') }
    fun endObject() { close('}') }
    fun beginArray() { open('[') }
    fun endArray() { close(']') }

    fun name(name: String) {
        separate()
        string(name)
        reserve(1)
        chars[size++] = ':'
        comma = false
    }

    fun value(text: String) {
        separate()
        string(text)
        comma = true
    }

    fun value(flag: Boolean) = literal(if (flag) "true" else "false")

    fun value(number: Long) {
        separate()
        reserve(20)
        if (number == Long.MIN_VALUE) {
            append("-9223372036854775808")
        } else {
            var rest = number
            if (rest < 0) {
                chars[size++] = '-'
                rest = -rest
            }
            var digits = 1
            var scale = rest
            while (scale >= 10) { scale /= 10; digits++ }
            var at = size + digits
            size = at
            do {
                chars[--at] = '0' + (rest % 10).toInt()
                rest /= 10
            } while (rest != 0L)
        }
        comma = true
    }

    /**
     * A finite double; NaN and infinities have no JSON form. Written as Double.toString writes it
     * (JsonWriter's text), except that a value of 0.001 <= |x| < 10^7 that is the nearest double
     * to a decimal `m / 10^k` with k <= 15 and m < 10^15 is written as that decimal with the
     * smallest such k (`0.192`, `28.5`, `3.0`), found several times faster than Double.toString
     * (JDK 17's was most of equipment.stats' request encoding). That is Double.toString's text
     * wherever Double.toString writes the shortest decimal, and shorter where it does not; either
     * reads back as the same double: m and 10^k are exact doubles, so m / 10^k in double
     * arithmetic is the correctly rounded value of the decimal, as parsing it is.
     */
    fun value(number: Double) {
        if (number.isNaN() || number.isInfinite()) throw IllegalArgumentException("JSON has no $number")
        val magnitude = Math.abs(number)
        if (magnitude >= 1e-3 && magnitude < 1e7) {
            var k = 0
            while (k <= 15) {
                val scale = POWERS_OF_TEN[k]
                val digits = Math.rint(magnitude * scale)
                if (digits >= 1e15) break   // more than 15 significant digits: Double.toString's own
                if (digits / scale == magnitude) {
                    decimal(number < 0, digits.toLong(), k)
                    return
                }
                k++
            }
        }
        literal(java.lang.Double.toString(number))
    }

    /** `[-]m / 10^k` in plain notation, at least one digit after the point (as Double.toString). */
    private fun decimal(negative: Boolean, digits: Long, k: Int) {
        separate()
        reserve(25)   // a sign, 7 digits, the point, 15 digits
        if (negative) chars[size++] = '-'
        val scale = POWERS_OF_TEN[k].toLong()
        val whole = digits / scale
        var fraction = digits % scale
        val wholeDigits = decimalDigits(whole)
        var at = size + wholeDigits
        size = at
        var rest = whole
        do {
            chars[--at] = '0' + (rest % 10).toInt()
            rest /= 10
        } while (rest != 0L)
        chars[size++] = '.'
        if (k == 0) {
            chars[size++] = '0'
        } else {
            at = size + k
            size = at
            for (index in 0 until k) {
                chars[--at] = '0' + (fraction % 10).toInt()
                fraction /= 10
            }
        }
        comma = true
    }

    private fun decimalDigits(value: Long): Int {
        var digits = 1
        var rest = value
        while (rest >= 10) { rest /= 10; digits++ }
        return digits
    }

    fun nullValue() = literal("null")

    /** A JSON number's text, checked by the caller ([jsonNumber]). */
    fun number(text: String) = literal(text)

    /** The text written so far. */
    override fun toString(): String = String(chars, 0, size)

    /**
     * The text as UTF-8, refusing a lone surrogate as TournamentCore.call does (a String holding
     * one has no UTF-8 form; Java's encoder would write '?'), with its index in the text.
     */
    fun utf8(): ByteArray {
        val text = chars
        val length = size
        var count = 0L   // the UTF-8 length, exactly
        var index = 0
        while (index < length) {
            val char = text[index]
            when {
                char.toInt() < 0x80 -> count += 1
                char.toInt() < 0x800 -> count += 2
                Character.isHighSurrogate(char) && index + 1 < length && Character.isLowSurrogate(text[index + 1]) -> {
                    count += 4
                    index++
                }
                Character.isSurrogate(char) -> throw IllegalArgumentException(
                    "The request holds a lone surrogate (U+%04X) at index $index: it is not valid Unicode".format(char.toInt()))
                else -> count += 3
            }
            index++
        }
        if (count > Int.MAX_VALUE - 8) throw OutOfMemoryError("The request is too large for a byte array: $count bytes")
        val bytes = ByteArray(count.toInt())
        var at = 0
        index = 0
        while (index < length) {
            val code = text[index].toInt()
            if (code < 0x80) {
                bytes[at++] = code.toByte()
            } else if (code < 0x800) {
                bytes[at++] = (0xC0 or (code shr 6)).toByte()
                bytes[at++] = (0x80 or (code and 0x3F)).toByte()
            } else if (Character.isHighSurrogate(text[index])) {   // a pair: checked above
                val point = Character.toCodePoint(text[index], text[++index])
                bytes[at++] = (0xF0 or (point shr 18)).toByte()
                bytes[at++] = (0x80 or ((point shr 12) and 0x3F)).toByte()
                bytes[at++] = (0x80 or ((point shr 6) and 0x3F)).toByte()
                bytes[at++] = (0x80 or (point and 0x3F)).toByte()
            } else {
                bytes[at++] = (0xE0 or (code shr 12)).toByte()
                bytes[at++] = (0x80 or ((code shr 6) and 0x3F)).toByte()
                bytes[at++] = (0x80 or (code and 0x3F)).toByte()
            }
            index++
        }
        return bytes
    }

    private fun open(bracket: Char) {
        separate()
        reserve(1)
        chars[size++] = bracket
        comma = false
    }

    private fun close(bracket: Char) {
        reserve(1)
        chars[size++] = bracket
        comma = true
    }

    private fun literal(text: String) {
        separate()
        reserve(text.length)
        append(text)
        comma = true
    }

    private fun separate() {
        if (comma) {
            reserve(1)
            chars[size++] = ','
        }
    }

    /** [text] (room reserved). */
    private fun append(text: String) {
        text.toCharArray(chars, size, 0, text.length)
        size += text.length
    }

    /** [text] quoted and escaped as Gson's JsonWriter escapes it (htmlSafe off). */
    private fun string(text: String) {
        val length = text.length
        reserve(length + 2)   // the text and its quotes; each escape reserves its own extra
        chars[size++] = '"'
        // Most text needs no escape: copied in bulk (String.getChars), then scanned in the array.
        val from = size
        text.toCharArray(chars, from, 0, length)
        var index = from
        val end = from + length
        while (index < end && !escaped(chars[index])) index++
        if (index == end) {
            size = end
            chars[size++] = '"'
            return
        }
        size = index
        for (at in index - from until length) {
            val char = text[at]
            if (!escaped(char)) {
                chars[size++] = char
                continue
            }
            reserve(6 + (length - at))   // the longest escape, then the rest and the closing quote
            when (char) {
                '"' -> { chars[size++] = '\\'; chars[size++] = '"' }
                '\\' -> { chars[size++] = '\\'; chars[size++] = '\\' }
                '\t' -> { chars[size++] = '\\'; chars[size++] = 't' }
                '\b' -> { chars[size++] = '\\'; chars[size++] = 'b' }
                '\n' -> { chars[size++] = '\\'; chars[size++] = 'n' }
                '\r' -> { chars[size++] = '\\'; chars[size++] = 'r' }
                '\u000C' -> { chars[size++] = '\\'; chars[size++] = 'f' }
                else -> {   // the other controls, U+2028 and U+2029: \u and four lowercase hex digits
                    val code = char.toInt()
                    chars[size++] = '\\'
                    chars[size++] = 'u'
                    chars[size++] = HEX[(code shr 12) and 0xF]
                    chars[size++] = HEX[(code shr 8) and 0xF]
                    chars[size++] = HEX[(code shr 4) and 0xF]
                    chars[size++] = HEX[code and 0xF]
                }
            }
        }
        chars[size++] = '"'
    }

    private fun escaped(char: Char): Boolean =
        char < ' ' || char == '"' || char == '\\' || char == '\u2028' || char == '\u2029'

    private fun reserve(count: Int) {
        val needed = size.toLong() + count
        if (needed <= chars.size) return
        if (needed > Int.MAX_VALUE - 8) throw OutOfMemoryError("The JSON text is too large for a char array")
        chars = chars.copyOf(maxOf(needed, minOf(chars.size * 2L, Int.MAX_VALUE - 8L)).toInt())
    }

    private companion object {
        val HEX = "0123456789abcdef".toCharArray()
        // Exact doubles (10^15 < 2^53).
        val POWERS_OF_TEN = doubleArrayOf(1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15)
    }
}

/** A JSON tree (an open member, a verbatim member of `extra`) as JsonWriter writes it; numbers as [jsonNumber] checks them. */
internal fun writeElement(out: JsonOut, value: JsonElement) {
    when (value) {
        is JsonNull -> out.nullValue()
        is JsonPrimitive -> when {
            value.isString -> out.value(value.asString)
            value.isBoolean -> out.value(value.asBoolean)
            else -> out.number(jsonNumber(value.asNumber))
        }
        is JsonArray -> {
            out.beginArray()
            for (item in value) writeElement(out, item ?: JsonNull.INSTANCE)
            out.endArray()
        }
        is JsonObject -> {
            out.beginObject()
            for ((name, member) in value.entrySet()) {
                out.name(name)
                writeElement(out, member ?: JsonNull.INSTANCE)
            }
            out.endObject()
        }
        else -> throw IllegalArgumentException("Not a JSON value: ${value.javaClass.name}")
    }
}

/**
 * The JSON text of [number], with JsonWriter.value(Number)'s rules: NaN and infinities are
 * refused; the text of the JDK's number classes is JSON; any other class's (LazilyParsedNumber,
 * the literal text read from JSON, among them) is checked against the JSON number grammar
 * (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), by hand rather than by JsonWriter's
 * regular expression.
 */
internal fun jsonNumber(number: Number): String {
    val text = number.toString()
    if (text == "NaN" || text == "Infinity" || text == "-Infinity") {
        throw IllegalArgumentException("Numeric values must be finite, but was $text")
    }
    val trusted = number is Int || number is Long || number is Double || number is Float || number is Byte ||
        number is Short || number is BigDecimal || number is BigInteger || number is AtomicInteger || number is AtomicLong
    if (!trusted && !isJsonNumber(text)) {
        throw IllegalArgumentException("String created by ${number.javaClass} is not a valid JSON number: $text")
    }
    return text
}

private fun isJsonNumber(text: String): Boolean {
    val end = text.length
    var at = 0
    if (at < end && text[at] == '-') at++
    if (at < end && text[at] == '0') {
        at++
    } else {
        val from = at
        while (at < end && text[at] in '0'..'9') at++
        if (at == from) return false
    }
    if (at < end && text[at] == '.') {
        val from = ++at
        while (at < end && text[at] in '0'..'9') at++
        if (at == from) return false
    }
    if (at < end && (text[at] == 'e' || text[at] == 'E')) {
        at++
        if (at < end && (text[at] == '+' || text[at] == '-')) at++
        val from = at
        while (at < end && text[at] in '0'..'9') at++
        if (at == from) return false
    }
    return at == end
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
