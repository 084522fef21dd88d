// The JSON mapping of the binding: one shared Gson, strict in both directions.
//
// Why Gson: the typed layer needs data binding (JSON <-> the classes of Types.kt) that works on
// the JVM and on Android without code generation, a compiler plugin or kotlin-reflect. org.json,
// which Android ships, is a DOM only (JSONObject/JSONArray, no binding, numbers as double or
// long with silent coercions, no streaming); kotlinx.serialization needs a compiler plugin (and a
// newer Kotlin than 1.3); Moshi's Kotlin support needs kotlin-reflect or codegen; Jackson is
// large for Android. Gson is one small jar without dependencies, runs on the JVM and Android,
// and lets this file plug in the strict rules below through its TypeAdapterFactory API.
//
// Gson alone would accept silently wrong values; the adapters here do not:
// - numbers: Gson clamps 9223372036854775808 to Long.MAX_VALUE, wraps or truncates integers read
//   from trees, and reads "12" (a string) as a number; here an Int is a JSON integer within 32
//   bits, a Long one within 64 bits, a Double a finite JSON number, and anything else is an error;
// - strings and booleans: Gson reads numbers as strings and any string as a boolean; not here;
// - enums: Gson reads an unknown value as null; here it is an error;
// - objects: Gson creates them without a constructor (Kotlin's null checks and defaults are
//   skipped), so a missing member becomes null, 0 or false even in a non-null property; here a
//   member must be present unless marked @MayBeAbsent, and non-null unless marked @MayBeAbsent or
//   @MayBeNull (the generator of Types.kt writes these marks from the JSON Schemas);
// - unknown members of the classes that implement KeepsUnknownMembers go into `extra`, in order,
//   and are written back after the known members;
// - no HTML escaping (Gson writes '<' as \u003c by default), nulls written exactly where the
//   contract has them, and no lenient parsing (Gson's fromJson is lenient by default).
package tournamentcore

import com.google.gson.Gson
import com.google.gson.GsonBuilder
import com.google.gson.JsonElement
import com.google.gson.JsonIOException
import com.google.gson.JsonNull
import com.google.gson.JsonObject
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
import java.io.StringWriter
import java.lang.reflect.Field
import java.lang.reflect.Modifier
import java.lang.reflect.Type

/**
 * Marks a member that the JSON may omit: an absent member reads as null, and null is written by
 * omitting the member. (In a request, null and absent mean the same.)
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
        .registerTypeAdapterFactory(ContractEnumFactory)
        .registerTypeAdapterFactory(ContractObjectFactory)
        .create()

    /** [value] as compact JSON text. */
    @JvmStatic
    fun toJson(value: Any): String {
        val text = StringWriter()
        val writer = gson.newJsonWriter(text)
        @Suppress("UNCHECKED_CAST")
        val adapter = gson.getAdapter(value.javaClass) as TypeAdapter<Any>
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
            gson.getAdapter(type).fromJsonTree(json)
        } catch (e: IllegalStateException) {
            throw JsonSyntaxException(e.message, e)
        }
        return value ?: throw JsonSyntaxException("Expected ${describe(type)}, found null at $")
    }

    private fun <T> read(json: String, type: TypeToken<T>): T {
        val reader = JsonReader(StringReader(json))
        reader.isLenient = false
        try {
            val value = gson.getAdapter(type).read(reader)
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

// -- Scalars ---------------------------------------------------------------------------------

/** A scalar adapter that reads JSON null as null (the containing object decides if null is allowed). */
private abstract class ScalarAdapter<T : Any> : TypeAdapter<T>() {
    abstract fun readValue(reader: JsonReader): T
    abstract fun writeValue(out: JsonWriter, value: T)

    final override fun read(reader: JsonReader): T? {
        if (reader.peek() == JsonToken.NULL) {
            reader.nextNull()
            return null
        }
        return readValue(reader)
    }

    final override fun write(out: JsonWriter, value: T?) {
        if (value == null) out.nullValue() else writeValue(out, value)
    }
}

private object StrictString : ScalarAdapter<String>() {
    override fun readValue(reader: JsonReader): String {
        if (reader.peek() != JsonToken.STRING) throw mismatch(reader, "a string")
        return reader.nextString()
    }
    override fun writeValue(out: JsonWriter, value: String) { out.value(value) }
}

private object StrictBoolean : ScalarAdapter<Boolean>() {
    override fun readValue(reader: JsonReader): Boolean {
        if (reader.peek() != JsonToken.BOOLEAN) throw mismatch(reader, "a boolean")
        return reader.nextBoolean()
    }
    override fun writeValue(out: JsonWriter, value: Boolean) { out.value(value) }
}

/** The literal text of a JSON number (exact, whatever its size), or an error for anything else. */
private fun numberText(reader: JsonReader, expected: String): String {
    if (reader.peek() != JsonToken.NUMBER) throw mismatch(reader, expected)
    return reader.nextString()
}

private object StrictInt : ScalarAdapter<Int>() {
    override fun readValue(reader: JsonReader): Int {
        val path = reader.path
        val text = numberText(reader, "an integer")
        return text.toIntOrNull()
            ?: throw JsonSyntaxException("Expected a 32-bit integer, found $text at $path")
    }
    override fun writeValue(out: JsonWriter, value: Int) { out.value(value.toLong()) }
}

private object StrictLong : ScalarAdapter<Long>() {
    override fun readValue(reader: JsonReader): Long {
        val path = reader.path
        val text = numberText(reader, "an integer")
        return text.toLongOrNull()
            ?: throw JsonSyntaxException("Expected a 64-bit integer, found $text at $path")
    }
    override fun writeValue(out: JsonWriter, value: Long) { out.value(value) }
}

private object StrictDouble : ScalarAdapter<Double>() {
    override fun readValue(reader: JsonReader): Double {
        val path = reader.path
        val text = numberText(reader, "a number")
        val value = text.toDoubleOrNull()
        if (value == null || value.isNaN() || value.isInfinite()) {
            throw JsonSyntaxException("Expected a finite number, found $text at $path")
        }
        return value
    }
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

// -- The contract's classes (Types.kt) -------------------------------------------------------

private const val PACKAGE = "tournamentcore"

private fun isContractClass(raw: Class<*>): Boolean =
    raw.name.substringBeforeLast('.', "") == PACKAGE && !raw.isInterface && !raw.isArray &&
        !Modifier.isAbstract(raw.modifiers) && !Throwable::class.java.isAssignableFrom(raw)

/** The contract's enums: their JSON values are their constants' @SerializedName; others are errors. */
private object ContractEnumFactory : TypeAdapterFactory {
    override fun <T> create(gson: Gson, type: TypeToken<T>): TypeAdapter<T>? {
        val raw = type.rawType
        if (!raw.isEnum || raw.name.substringBeforeLast('.', "") != PACKAGE) return null
        val byName = LinkedHashMap<String, Any>()
        val names = HashMap<Any, String>()
        for (constant in raw.enumConstants) {
            val name = (constant as Enum<*>).name
            val json = raw.getField(name).getAnnotation(SerializedName::class.java)?.value ?: name
            byName[json] = constant
            names[constant] = json
        }
        val adapter = object : ScalarAdapter<Any>() {
            override fun readValue(reader: JsonReader): Any {
                val path = reader.path
                if (reader.peek() != JsonToken.STRING) throw mismatch(reader, "a ${raw.simpleName} (a string)")
                val text = reader.nextString()
                return byName[text] ?: throw JsonSyntaxException(
                    "Expected a ${raw.simpleName} (${byName.keys.joinToString(", ")}), found \"$text\" at $path")
            }
            override fun writeValue(out: JsonWriter, value: Any) { out.value(names.getValue(value)) }
        }
        @Suppress("UNCHECKED_CAST")
        return adapter as TypeAdapter<T>
    }
}

/** A declared member of a contract class. */
private class Member(val field: Field) {
    val json: String = field.getAnnotation(SerializedName::class.java)?.value ?: field.name
    val mayBeAbsent = field.isAnnotationPresent(MayBeAbsent::class.java)
    val mayBeNull = field.isAnnotationPresent(MayBeNull::class.java)
    val itemsMayBeNull = field.isAnnotationPresent(ItemsMayBeNull::class.java)
    val isList = List::class.java.isAssignableFrom(field.type)
}

private object ContractObjectFactory : TypeAdapterFactory {
    override fun <T> create(gson: Gson, type: TypeToken<T>): TypeAdapter<T>? {
        val raw = type.rawType
        if (!isContractClass(raw) || raw.isEnum) return null
        val members = ArrayList<Member>()
        var extraField: Field? = null
        for (field in raw.declaredFields) {
            val modifiers = field.modifiers
            if (Modifier.isStatic(modifiers) || field.isSynthetic) continue
            if (Modifier.isTransient(modifiers)) {
                if (field.name == "extra" && KeepsUnknownMembers::class.java.isAssignableFrom(raw)) extraField = field
                continue
            }
            field.isAccessible = true
            members.add(Member(field))
        }
        extraField?.isAccessible = true
        // Gson's own reflective adapter only creates the empty instance (as Gson always does for
        // classes without a no-argument constructor); every member is then set from the JSON.
        val instances = gson.getDelegateAdapter(this, type)
        return ContractObjectAdapter(gson, raw, members, extraField, instances)
    }
}

private class ContractObjectAdapter<T>(
    private val gson: Gson,
    private val raw: Class<*>,
    private val members: List<Member>,
    private val extraField: Field?,
    private val instances: TypeAdapter<T>
) : TypeAdapter<T>() {
    private val index: Map<String, Int> = members.withIndex().associate { it.value.json to it.index }
    private val elements: TypeAdapter<JsonElement> = gson.getAdapter(JsonElement::class.java)

    // Resolved on first use, so that types may refer to each other.
    private val adapters: List<TypeAdapter<Any?>> by lazy {
        @Suppress("UNCHECKED_CAST")
        members.map { gson.getAdapter(TypeToken.get(it.field.genericType)) as TypeAdapter<Any?> }
    }

    override fun read(reader: JsonReader): T? {
        val token = reader.peek()
        if (token == JsonToken.NULL) {
            reader.nextNull()
            return null
        }
        if (token != JsonToken.BEGIN_OBJECT) throw mismatch(reader, "an object (${raw.simpleName})")
        val path = reader.path
        val values = arrayOfNulls<Any?>(members.size)
        val present = BooleanArray(members.size)
        val extra = if (extraField != null) LinkedHashMap<String, JsonElement>() else null
        val adapters = adapters
        reader.beginObject()
        while (reader.hasNext()) {
            val name = reader.nextName()
            val at = index[name]
            if (at == null) {
                if (extra != null) extra[name] = elements.read(reader) else reader.skipValue()
                continue
            }
            val member = members[at]
            present[at] = true
            if (reader.peek() == JsonToken.NULL) {
                if (!member.mayBeNull && !member.mayBeAbsent) {
                    throw JsonSyntaxException("${raw.simpleName}.${member.json} cannot be null, at ${reader.path}")
                }
                reader.nextNull()
                values[at] = null
                continue
            }
            val memberPath = reader.path
            var value = adapters[at].read(reader)
            if (value is JsonNull) value = null
            if (member.isList && !member.itemsMayBeNull && value is List<*>) {
                val item = value.indexOf(null)
                if (item >= 0) {
                    throw JsonSyntaxException("${raw.simpleName}.${member.json} cannot hold null, at $memberPath[$item]")
                }
            }
            values[at] = value
        }
        reader.endObject()
        for (at in members.indices) {
            if (!present[at] && !members[at].mayBeAbsent) {
                throw JsonSyntaxException("${raw.simpleName}: the required member \"${members[at].json}\" is missing, at $path")
            }
        }
        val instance = instances.fromJsonTree(JsonObject())
            ?: throw JsonIOException("Cannot create a ${raw.simpleName}")
        for (at in members.indices) members[at].field.set(instance, values[at])
        extraField?.set(instance, extra)
        return instance
    }

    override fun write(out: JsonWriter, value: T?) {
        if (value == null) {
            out.nullValue()
            return
        }
        val adapters = adapters
        val serializeNulls = out.serializeNulls
        out.serializeNulls = true   // the nulls written below are meant: @MayBeNull members, verbatim members
        try {
            out.beginObject()
            for (at in members.indices) {
                val member = members[at]
                var memberValue = member.field.get(value)
                if (memberValue is JsonNull) memberValue = null
                if (memberValue == null) {
                    if (member.mayBeNull) {
                        out.name(member.json)
                        out.nullValue()
                    } else if (!member.mayBeAbsent) {
                        throw JsonIOException("${raw.simpleName}.${member.json} is null but required")
                    }
                    continue
                }
                out.name(member.json)
                adapters[at].write(out, memberValue)
            }
            if (extraField != null) {
                @Suppress("UNCHECKED_CAST")
                val extra = extraField.get(value) as Map<String, JsonElement?>?
                extra?.forEach { (name, element) ->
                    if (name !in index) {
                        out.name(name)
                        elements.write(out, element ?: JsonNull.INSTANCE)
                    }
                }
            }
            out.endObject()
        } finally {
            out.serializeNulls = serializeNulls
        }
    }
}
