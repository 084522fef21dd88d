// The JSON mapping of the binding: strict in both directions, without reflection.
//
// Every class and enum of Types.kt has a generated reader and writer (`<Name>Json`, an internal
// ContractAdapter at the end of Types.kt, written by scripts/tccontract/kotlin.py from the same
// JSON Schemas as the classes): readers over Gson's streaming JsonReader, writers over Text.kt's
// JsonOut (which writes the text Gson's JsonWriter wrote). This file holds the rules they share
// (the helpers below) and TournamentCoreJson, whose Gson knows those adapters. The typed calls
// use the adapters directly: no reflection, no Gson type lookup and no JsonElement tree, except
// for the members a schema leaves open (`JsonElement`) and the verbatim members of `extra`.
//
// Why Gson: the typed layer needs a streaming JSON parser and writer, and a JSON tree for open
// and verbatim members, that work on the JVM and on Android from Kotlin 1.3, without a compiler
// plugin or kotlin-reflect. org.json, which Android ships, is a DOM only (numbers as double or
// long with silent coercions, no streaming); kotlinx.serialization needs a compiler plugin (and a
// newer Kotlin than 1.3); Moshi's Kotlin support needs kotlin-reflect or codegen; Jackson is
// large for Android. Gson is one small jar without dependencies, on the JVM and Android.
//
// Gson's own conveniences would accept silently wrong values; the readers here do not:
// - numbers: Gson clamps 9223372036854775808 to Long.MAX_VALUE, reads 1.0 or 1e2 as integers and
//   "12" (a string) as a number; here an Int is a JSON integer within 32 bits, a Long one within
//   64 bits, a Double a finite JSON number, and anything else is an error;
// - strings and booleans: Gson reads numbers as strings and any string as a boolean; not here;
// - enums: an unknown value is an error (Gson's reflective binding reads it as null);
// - objects: a member must be present unless it is @MayBeAbsent, and non-null unless it is
//   @MayBeAbsent or @MayBeNull; a list holds null items only where it is @ItemsMayBeNull;
// - unknown members of the classes that implement KeepsUnknownMembers go into `extra`, in order,
//   verbatim, and are written back after the known members; other classes ignore them;
// - no HTML escaping (Gson writes '<' as \u003c by default), nulls written exactly where the
//   contract has them, and no lenient parsing (Gson's fromJson is lenient by default).
package tournamentcore

import com.google.gson.Gson
import com.google.gson.GsonBuilder
import com.google.gson.JsonElement
import com.google.gson.JsonIOException
import com.google.gson.JsonNull
import com.google.gson.JsonParseException
import com.google.gson.JsonSyntaxException
import com.google.gson.TypeAdapter
import com.google.gson.TypeAdapterFactory
import com.google.gson.annotations.SerializedName
import com.google.gson.reflect.TypeToken
import com.google.gson.stream.JsonReader
import com.google.gson.stream.JsonToken
import com.google.gson.stream.JsonWriter
import java.io.IOException
import java.io.StringReader
import java.io.Writer
import java.lang.reflect.Type

/**
 * Marks a member that the JSON may omit: an absent member reads as null, and null is written by
 * omitting the member. (In a request, null and absent mean the same.) The generator writes this
 * mark, and the marks below, from the same schema as the member's reader and writer: they say
 * what the reader checks.
 */
@Target(AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
@MustBeDocumented
annotation class MayBeAbsent

/** Marks a member that is always present but may be null: null is written as `null`. */
@Target(AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
@MustBeDocumented
annotation class MayBeNull

/** Marks a list member whose items may be null. */
@Target(AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
@MustBeDocumented
annotation class ItemsMayBeNull

/**
 * A type whose unknown members the core keeps verbatim (`"x-keepsUnknownMembers"` in its schema):
 * decoding puts every member the class does not declare into [extra], in document order; encoding
 * writes them back after the declared members (a key of [extra] that names a declared member is
 * not written: the declared member wins).
 */
interface KeepsUnknownMembers {
    /** The members the contract does not know, kept verbatim, in their order. */
    val extra: Map<String, JsonElement>
}

/**
 * The binding's JSON mapping, shared by every [TournamentCore] (it is immutable and thread-safe).
 * Use it to read or write the classes of the typed API yourself, e.g. to decode tournament
 * documents loaded from a database into [TournamentDocument]s.
 *
 * Decoding errors (malformed JSON, a missing or null required member, a number out of its type's
 * range, an unknown enum value...) throw [JsonParseException] with the JSONPath of the value.
 */
object TournamentCoreJson {
    /** The configured Gson: strict scalars, the contract's classes, no HTML escaping. */
    @JvmField
    val gson: Gson = GsonBuilder()
        .disableHtmlEscaping()
        .registerTypeAdapterFactory(StrictScalarsFactory)
        .registerTypeAdapterFactory(ContractAdapterFactory)
        .create()

    /** [value] as compact JSON text. */
    @JvmStatic
    fun toJson(value: Any): String {
        @Suppress("UNCHECKED_CAST")
        val own = contractAdapters[value.javaClass] as ContractAdapter<Any>?
        if (own != null) {
            val out = JsonOut()
            own.writeValue(out, value)
            return out.toString()
        }
        val text = TextOutput()
        val writer = newWriter(text)
        val adapter = adapter(value.javaClass)
        adapter.write(writer, value)
        writer.flush()
        return text.toString()
    }

    /** [json], one JSON value, decoded as a [type]; throws [JsonParseException]. */
    @JvmStatic
    fun <T> fromJson(json: String, type: Class<T>): T = read(json, TypeToken.get(type))

    /** [json] decoded as a generic type, e.g. `object : TypeToken<List<TournamentDocument>>() {}`. */
    @JvmStatic
    fun <T> fromJson(json: String, type: TypeToken<T>): T = read(json, type)

    /** The JSON value of a constant of the contract's enums: `EmptyStateIcon.CHECKMARK_CIRCLE` -> `checkmark.circle`. */
    @JvmStatic
    fun jsonValue(value: Enum<*>): String {
        val type = value.javaClass.let { if (it.isEnum) it else it.superclass }   // a constant with a body is a subclass
        return type.getField(value.name).getAnnotation(SerializedName::class.java)?.value ?: value.name
    }

    /** [json] (a tree) decoded as a [type]; throws [JsonParseException]. */
    @JvmStatic
    fun <T> fromJson(json: JsonElement, type: Class<T>): T {
        val value = try {
            adapter(type).fromJsonTree(json)
        } catch (e: IllegalStateException) {
            throw JsonSyntaxException(e.message, e)
        }
        return value ?: throw JsonSyntaxException("Expected ${describe(type)}, found null at $")
    }

    /** A typed call's result text read by its adapter; throws [JsonParseException]. */
    internal fun <T : Any> readResult(json: String, adapter: ContractAdapter<T>): T {
        val reader = JsonReader(StringReader(json))
        reader.isLenient = false
        try {
            if (reader.peek() == JsonToken.NULL) throw mismatch(reader, "a result")
            val value = adapter.readValue(reader)
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw JsonSyntaxException("Expected the end of the JSON text at ${reader.path}")
            }
            return value
        } catch (e: IOException) {   // MalformedJsonException, EOFException
            throw JsonSyntaxException(e.message, e)
        } catch (e: IllegalStateException) {   // JsonReader's "Expected X but was Y"
            throw JsonSyntaxException(e.message, e)
        }
    }

    /** The adapter of [type]: a contract class's own (no Gson type lookup), else Gson's. */
    private fun <T> adapter(type: Class<T>): TypeAdapter<T> {
        @Suppress("UNCHECKED_CAST")
        return (contractAdapters[type] as TypeAdapter<T>?) ?: gson.getAdapter(type)
    }

    private fun <T> read(json: String, type: TypeToken<T>): T {
        val reader = JsonReader(StringReader(json))
        reader.isLenient = false
        try {
            @Suppress("UNCHECKED_CAST")
            val adapter = ((type.type as? Class<*>)?.let { contractAdapters[it] } as TypeAdapter<T>?) ?: gson.getAdapter(type)
            val value = adapter.read(reader)
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw JsonSyntaxException("Expected the end of the JSON text at ${reader.path}")
            }
            return value ?: throw JsonSyntaxException("Expected ${describe(type.type)}, found null at $")
        } catch (e: IOException) {   // MalformedJsonException, EOFException
            throw JsonSyntaxException(e.message, e)
        } catch (e: IllegalStateException) {   // JsonReader's "Expected X but was Y"
            throw JsonSyntaxException(e.message, e)
        }
    }
}

private fun describe(type: Type): String = when (type) {
    is Class<*> -> type.simpleName
    else -> type.toString()
}

private fun found(token: JsonToken): String = when (token) {
    JsonToken.BEGIN_ARRAY -> "an array"
    JsonToken.BEGIN_OBJECT -> "an object"
    JsonToken.STRING -> "a string"
    JsonToken.NUMBER -> "a number"
    JsonToken.BOOLEAN -> "a boolean"
    JsonToken.NULL -> "null"
    else -> token.toString()
}

private fun mismatch(reader: JsonReader, expected: String): JsonSyntaxException =
    JsonSyntaxException("Expected $expected, found ${found(reader.peek())} at ${reader.path}")

/** A JsonWriter as the binding writes (for TournamentCoreJson.toJson of what is not a contract class): compact, no HTML escaping, nulls written where asked, strict. */
internal fun newWriter(out: Writer): JsonWriter {
    val writer = JsonWriter(out)
    writer.setHtmlSafe(false)
    writer.serializeNulls = true
    writer.isLenient = false
    return writer
}

/** A Writer into a StringBuilder: StringWriter's StringBuffer would take a lock on every write. */
internal class TextOutput : Writer() {
    private val text = StringBuilder(256)
    override fun write(c: Int) { text.append(c.toChar()) }
    override fun write(cbuf: CharArray, off: Int, len: Int) { text.append(cbuf, off, len) }
    override fun write(str: String, off: Int, len: Int) { text.append(str, off, off + len) }
    override fun flush() {}
    override fun close() {}
    override fun toString(): String = text.toString()
}

// -- What the generated readers and writers share ------------------------------------------------

/**
 * The reader and writer of one class or enum of Types.kt (generated there as `<Name>Json`).
 * [readValue] reads a value whose first token is not null; [writeValue] writes a value; the
 * TypeAdapter methods add null (for Gson's own use: lists of a TypeToken, `gson.toJson`).
 */
internal abstract class ContractAdapter<T : Any> : TypeAdapter<T>() {
    abstract fun readValue(reader: JsonReader): T
    abstract fun writeValue(out: JsonOut, value: T)

    final override fun read(reader: JsonReader): T? = if (nextIsNull(reader)) null else readValue(reader)

    /** For Gson's own writing: the value's text (JsonOut's, the same as JsonWriter's) written raw. */
    final override fun write(out: JsonWriter, value: T?) {
        if (value == null) {
            out.nullValue()
            return
        }
        val text = JsonOut()
        writeValue(text, value)
        out.jsonValue(text.toString())
    }
}

/** Gson's JsonElement adapter (numbers kept as their literal text: LazilyParsedNumber). */
private val elements: TypeAdapter<JsonElement> = Gson().getAdapter(JsonElement::class.java)

private object ContractAdapterFactory : TypeAdapterFactory {
    override fun <T> create(gson: Gson, type: TypeToken<T>): TypeAdapter<T>? {
        @Suppress("UNCHECKED_CAST")
        return contractAdapters[type.rawType] as TypeAdapter<T>?
    }
}

/**
 * The path of the value just consumed. JsonReader's path names it inside an object (the member
 * name stays until the next one) but names the next item inside an array (the index has moved
 * on), so a final index is taken back by one. Exact where the readers use it: on a declared
 * member, whose name is an identifier (no `]`), or on an array item.
 */
internal fun valuePath(reader: JsonReader): String {
    val path = reader.path
    if (!path.endsWith("]")) return path
    val open = path.lastIndexOf('[')
    val index = path.substring(open + 1, path.length - 1).toIntOrNull() ?: return path
    return path.substring(0, open + 1) + (index - 1) + "]"
}

/** True, with the null consumed, when the next value is null. */
internal fun nextIsNull(reader: JsonReader): Boolean {
    if (reader.peek() != JsonToken.NULL) return false
    reader.nextNull()
    return true
}

/** Refuses null for a member that must not be null ([owner]: `Type.member`). */
internal fun requireValue(reader: JsonReader, owner: String) {
    if (reader.peek() == JsonToken.NULL) throw JsonSyntaxException("$owner cannot be null, at ${reader.path}")
}

internal fun beginObject(reader: JsonReader, type: String) {
    if (reader.peek() != JsonToken.BEGIN_OBJECT) throw mismatch(reader, "an object ($type)")
    reader.beginObject()
}

internal fun beginArray(reader: JsonReader) {
    if (reader.peek() != JsonToken.BEGIN_ARRAY) throw mismatch(reader, "an array")
    reader.beginArray()
}

/**
 * The error for the first required member of [type] (in [required]'s order) whose bit is not in
 * [seen]; the reader is inside the object, after its last member [last] (or none), so its path
 * is the object's, then `.`, then that name.
 */
internal fun missingMember(reader: JsonReader, last: String?, type: String, required: Array<String>, seen: Long): JsonSyntaxException {
    var index = 0
    while (index < required.size - 1 && seen and (1L shl index) != 0L) index++
    val path = reader.path
    val suffix = "." + (last ?: "")
    val objectPath = if (path.endsWith(suffix)) path.substring(0, path.length - suffix.length) else path.substringBeforeLast('.')
    return JsonSyntaxException("$type: the required member \"${required[index]}\" is missing, at ${objectPath.ifEmpty { "$" }}")
}

// Scalars: each reads a value whose token is not null, of its own kind only.

internal fun readString(reader: JsonReader): String {
    if (reader.peek() != JsonToken.STRING) throw mismatch(reader, "a string")
    return reader.nextString()
}

internal fun readBoolean(reader: JsonReader): Boolean {
    if (reader.peek() != JsonToken.BOOLEAN) throw mismatch(reader, "a boolean")
    return reader.nextBoolean()
}

/** The literal text of a JSON number (exact, whatever its size: JsonReader has checked its syntax). */
private fun numberText(reader: JsonReader, expected: String): String {
    if (reader.peek() != JsonToken.NUMBER) throw mismatch(reader, expected)
    return reader.nextString()
}

internal fun readInt(reader: JsonReader): Int {
    val text = numberText(reader, "an integer")
    val value = integerValue(text)
    if (value == null || value < Int.MIN_VALUE || value > Int.MAX_VALUE) {
        throw JsonSyntaxException("Expected a 32-bit integer, found $text at ${valuePath(reader)}")
    }
    return value.toInt()
}

internal fun readLong(reader: JsonReader): Long {
    val text = numberText(reader, "an integer")
    return integerValue(text) ?: throw JsonSyntaxException("Expected a 64-bit integer, found $text at ${valuePath(reader)}")
}

/**
 * The value of [text], a JSON number, when it is an integer within 64 bits: an optional minus and
 * digits only (no fraction, no exponent: 1.0 and 1e2 are not integers here), else null. (What
 * Kotlin's toLongOrNull accepts of a JSON number, without its radix handling.) Accumulated
 * negatively, as Long.parseLong does, so that Long.MIN_VALUE is reached without overflow.
 */
private fun integerValue(text: String): Long? {
    val length = text.length
    val negative = length > 0 && text[0] == '-'
    var index = if (negative) 1 else 0
    if (index == length) return null
    val limit = if (negative) Long.MIN_VALUE else -Long.MAX_VALUE
    val lastMultiple = limit / 10
    var result = 0L
    while (index < length) {
        val digit = text[index] - '0'
        if (digit < 0 || digit > 9 || result < lastMultiple) return null
        result *= 10
        if (result < limit + digit) return null
        result -= digit
        index++
    }
    return if (negative) result else -result
}

internal fun readDouble(reader: JsonReader): Double {
    val text = numberText(reader, "a number")
    // A JSON number is in java.lang.Double.parseDouble's syntax (Kotlin's toDoubleOrNull would
    // first match it against a regular expression); it overflows to an infinity, refused.
    val value = java.lang.Double.parseDouble(text)
    if (value.isNaN() || value.isInfinite()) throw JsonSyntaxException("Expected a finite number, found $text at ${valuePath(reader)}")
    return value
}

/** Any JSON value, as Gson's tree (numbers keep their literal text). */
internal fun readElement(reader: JsonReader): JsonElement = elements.read(reader)

internal fun readEnumText(reader: JsonReader, type: String): String {
    if (reader.peek() != JsonToken.STRING) throw mismatch(reader, "a $type (a string)")
    return reader.nextString()
}

internal fun unknownEnumValue(reader: JsonReader, type: String, values: String, text: String): JsonSyntaxException =
    JsonSyntaxException("Expected a $type ($values), found \"$text\" at ${valuePath(reader)}")

/** A list whose items may not be null ([owner], `Type.member`, names it in the error). */
internal inline fun <T> readList(reader: JsonReader, owner: String, item: () -> T): List<T> {
    beginArray(reader)
    val list = ArrayList<T>()
    while (reader.hasNext()) {
        if (reader.peek() == JsonToken.NULL) throw JsonSyntaxException("$owner cannot hold null, at ${reader.path}")
        list.add(item())
    }
    reader.endArray()
    return list
}

/** A list whose items may be null (@ItemsMayBeNull). */
internal inline fun <T : Any> readListOrNulls(reader: JsonReader, item: () -> T): List<T?> {
    beginArray(reader)
    val list = ArrayList<T?>()
    while (reader.hasNext()) list.add(if (nextIsNull(reader)) null else item())
    reader.endArray()
    return list
}

/** Keeps an unknown member of a KeepsUnknownMembers class, in document order (a repeated name keeps its first place, its last value). */
internal fun keepMember(extra: LinkedHashMap<String, JsonElement>?, name: String, reader: JsonReader): LinkedHashMap<String, JsonElement> {
    val map = extra ?: LinkedHashMap()
    map[name] = readElement(reader)
    return map
}

internal fun writeDouble(out: JsonOut, value: Double) {
    out.value(value)   // refuses NaN and infinities
}

/** A required member held in a JsonElement: JsonNull is null, which it may not be. */
internal fun writeRequiredElement(out: JsonOut, name: String, value: JsonElement?, owner: String) {
    if (value == null || value is JsonNull) throw JsonIOException("$owner is null but required")
    out.name(name)
    writeElement(out, value)
}

internal inline fun <T> writeList(out: JsonOut, list: List<T>, item: (T) -> Unit) {
    out.beginArray()
    for (value in list) item(value)
    out.endArray()
}

internal inline fun <T : Any> writeListOrNulls(out: JsonOut, list: List<T?>, item: (T) -> Unit) {
    out.beginArray()
    for (value in list) if (value == null) out.nullValue() else item(value)
    out.endArray()
}

/** The verbatim members, after the declared ones; a name in [known] (a declared member) is not written: the member wins. */
internal fun writeExtra(out: JsonOut, extra: Map<String, JsonElement?>?, known: Set<String>) {
    if (extra == null || extra.isEmpty()) return
    for ((name, element) in extra) {
        if (name in known) continue
        out.name(name)
        writeElement(out, element ?: JsonNull.INSTANCE)
    }
}

// -- Scalars for Gson's own use (TournamentCoreJson.gson: e.g. a TypeToken<List<Long>>) -------------

/** A scalar adapter that reads JSON null as null (the path in an error as [valuePath] says). */
private abstract class ScalarAdapter<T : Any> : TypeAdapter<T>() {
    abstract fun readValue(reader: JsonReader): T
    abstract fun writeValue(out: JsonWriter, value: T)

    final override fun read(reader: JsonReader): T? = if (nextIsNull(reader)) null else readValue(reader)

    final override fun write(out: JsonWriter, value: T?) {
        if (value == null) out.nullValue() else writeValue(out, value)
    }
}

private object StrictString : ScalarAdapter<String>() {
    override fun readValue(reader: JsonReader): String = readString(reader)
    override fun writeValue(out: JsonWriter, value: String) { out.value(value) }
}

private object StrictBoolean : ScalarAdapter<Boolean>() {
    override fun readValue(reader: JsonReader): Boolean = readBoolean(reader)
    override fun writeValue(out: JsonWriter, value: Boolean) { out.value(value) }
}

private object StrictInt : ScalarAdapter<Int>() {
    override fun readValue(reader: JsonReader): Int = readInt(reader)
    override fun writeValue(out: JsonWriter, value: Int) { out.value(value.toLong()) }
}

private object StrictLong : ScalarAdapter<Long>() {
    override fun readValue(reader: JsonReader): Long = readLong(reader)
    override fun writeValue(out: JsonWriter, value: Long) { out.value(value) }
}

private object StrictDouble : ScalarAdapter<Double>() {
    override fun readValue(reader: JsonReader): Double = readDouble(reader)
    override fun writeValue(out: JsonWriter, value: Double) {
        if (value.isNaN() || value.isInfinite()) throw IllegalArgumentException("JSON has no $value")
        out.value(value)
    }
}

private object StrictScalarsFactory : TypeAdapterFactory {
    override fun <T> create(gson: Gson, type: TypeToken<T>): TypeAdapter<T>? {
        val adapter: TypeAdapter<*> = when (type.rawType) {
            String::class.java -> StrictString
            Boolean::class.javaPrimitiveType, Boolean::class.javaObjectType -> StrictBoolean
            Int::class.javaPrimitiveType, Int::class.javaObjectType -> StrictInt
            Long::class.javaPrimitiveType, Long::class.javaObjectType -> StrictLong
            Double::class.javaPrimitiveType, Double::class.javaObjectType -> StrictDouble
            else -> return null
        }
        @Suppress("UNCHECKED_CAST")
        return adapter as TypeAdapter<T>
    }
}
