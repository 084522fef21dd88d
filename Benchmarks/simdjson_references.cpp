/*
 * The strongest peer a user could write instead of calling TournamentCore: tournaments.filter,
 * participants.resolve, guests.check, equipment.stats, equipment.compare, scoring.leaderboard and
 * matches.sections in C++17 with simdjson's On-Demand API, built with clang -O3 -march=native
 * (Benchmarks/CMakeLists.txt). The benchmark checks that each produces the core's response byte
 * for byte before timing it.
 *
 * Written as a performance-minded user would: one parser reused per thread (its buffers kept
 * between calls), the request copied once into padded memory, keys compared on their raw bytes
 * (participants.resolve's decoded, as the contract reads them: it reads few), strings kept as views
 * into the parser's buffers until the response is written, one pass over the document (members may
 * come in any order, so what a rule needs from a later member is collected first: rounds are summed
 * as they are read, and which of them count is decided at the end; participant lists are kept as
 * views until the signed-in user is known), the response written straight into the malloc'd block
 * it is returned in, strings escaped eight bytes at a time, numbers written with std::to_chars, a
 * leaderboard ranked by a radix sort of one integer key per entry (its totals and position, packed
 * when they fit in 64 bits), and a legacy participant list's repeats found in a hash table of its
 * IDs' bytes, each ID inspected once (eight bytes at a time) and, needing no escape (nearly all),
 * written as it is, every entry in room claimed once. matches.sections converts kick-off times as
 * a C++ user would, with Howard Hinnant's date/tz over the system's tzdata (USE_OS_TZDB; built
 * only where it is found, TC_PEER_DATE_TZ): a zone's sys_info is kept while the kick-offs stay
 * within it (a season looks the zone up a few times, not once per match), the fixtures are sorted
 * once by local day, kick-off and id, and each section's dates are written once.
 *
 * It checks what the C + jansson references check (references.c) of the members it reads: each
 * one's type, the required members, the score range and the coordinates' bounds; and, for the
 * methods the C references do not cover, what the contract states of the members they read: the
 * timestamps' range, counts of at least 0, the precomputed figures' bounds and setupId, xs at most
 * tens, rounds or precomputed figures and arrows or totals but not both, the document IDs of
 * participants.resolve (Firestore's rules, refused in the core's words at the core's path), and
 * the matches' and favourites' members, matchdays and goals 0…2^31−1, winners and zone names.
 * Integers are read by value, as the contract reads them (8.0 and 8e0 are 8). Names follow the
 * core's Unicode rules exactly: blank is Unicode's White_Space, and the part of an email before its
 * first '@' is cut by characters as Swift 6.3 breaks them (an '@' joined to a combining mark after
 * it, or a prepended mark before it, is no '@'; the Unicode 16 classes that do so are tabled here).
 * Four things err in the peer's favour, and match the core on the benchmark's data: On-Demand
 * validates only what it reads (a malformed member the rules do not read, one nested deeper than
 * the core's 64 levels, or one copied as it was written, is not an error here, where the core
 * answers INVALID_JSON); text search folds ASCII case only; members this contract does not know are
 * copied as they were written (the core writes them compact); and sums of arrows are not checked
 * for overflow (the core checks them: it would take some 10^18 arrows). And the zones are the
 * system's, not the core's embedded table: they agree on the benchmark's zone and dates, but
 * date/tz does not read the TZif files' POSIX rule for the years after their last transition (2037
 * in Debian's), keeping the last offset there, and does not know the zone "Factory".
 */
#include "references.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <simdjson.h>

#ifdef TC_PEER_DATE_TZ
#include <exception>

#include <date/date.h>
#include <date/tz.h>
#endif

namespace {

using simdjson::ondemand::json_type;
using std::string_view;

/* ---- the response ------------------------------------------------------------------------- */

/* The response, written into a malloc'd block that grows by doubling and is handed over as it
   is; once memory runs out, nothing more is written and release() gives NULL. */
class Response {
  public:
    explicit Response(size_t expected) { reserve(expected); }
    Response(const Response &) = delete;
    Response &operator=(const Response &) = delete;
    ~Response() { std::free(data_); }

    /* Inlined wherever it is called, as are the appends below: a literal's length is then known
       where it is copied (a few moves, not a call to memcpy). */
    [[gnu::always_inline]] void raw(string_view part) {
        if (!reserve(part.size())) return;
        std::memcpy(data_ + size_, part.data(), part.size());
        size_ += part.size();
    }

    [[gnu::always_inline]] void raw(char byte) {
        if (!reserve(1)) return;
        data_[size_++] = byte;
    }

    /* Room for `most` bytes that the caller writes itself from the pointer returned, then hands
       back to advance() with where it stopped: for runs of short pieces, whose room is then
       checked once rather than by every append. NULL once memory ran out. */
    [[gnu::always_inline]] char *claim(size_t most) { return reserve(most) ? data_ + size_ : nullptr; }

    [[gnu::always_inline]] void advance(char *end) { size_ = static_cast<size_t>(end - data_); }

    /* An integer, its digits written in place. */
    [[gnu::always_inline]] void integer(int64_t value) {
        if (!reserve(20)) return;  // "-9223372036854775808"
        size_ = static_cast<size_t>(std::to_chars(data_ + size_, data_ + size_ + 20, value).ptr - data_);
    }

    /* A string, escaped as JSON requires (quote, backslash and control characters), written in
       place (room for the worst, every byte escaped, made once); runs without any are copied
       eight bytes at a time. */
    void string(string_view value) {
        if (!reserve(2 + 6 * value.size())) return;
        char *out = data_ + size_;
        *out++ = '"';
        size_t index = 0;
        while (index < value.size()) {
            if (value.size() - index >= 8) {
                uint64_t word;
                std::memcpy(&word, value.data() + index, 8);
                if (!needs_escape(word)) {
                    std::memcpy(out, &word, 8);
                    out += 8;
                    index += 8;
                    continue;
                }
            }
            unsigned char byte = static_cast<unsigned char>(value[index++]);
            if (byte >= 0x20 && byte != '"' && byte != '\\') {
                *out++ = static_cast<char>(byte);
                continue;
            }
            *out++ = '\\';
            switch (byte) {
            case '"': *out++ = '"'; break;
            case '\\': *out++ = '\\'; break;
            case '\b': *out++ = 'b'; break;
            case '\f': *out++ = 'f'; break;
            case '\n': *out++ = 'n'; break;
            case '\r': *out++ = 'r'; break;
            case '\t': *out++ = 't'; break;
            default: {
                static const char hex[] = "0123456789abcdef";
                const char escape[5] = {'u', '0', '0', hex[byte >> 4], hex[byte & 15]};
                std::memcpy(out, escape, 5);
                out += 5;
            }
            }
        }
        *out++ = '"';
        size_ = static_cast<size_t>(out - data_);
    }

    /* A finite double as the core writes it (Swift's `description`): the shortest digits that
       read back, positional from 1e-4 up to 2^53 with ".0" for whole numbers, else d.ddde±XX. */
    void number(double value) {
        if (!std::isfinite(value)) {
            raw("null");  // unreachable: coordinates are bounded, counts finite
            return;
        }
        if (value == 0) {
            raw(std::signbit(value) ? "-0.0" : "0.0");
            return;
        }
        double size = std::fabs(value);
        if (size < 0x1p53 && static_cast<double>(static_cast<int64_t>(size)) == size) {
            if (value < 0) raw('-');
            integer(static_cast<int64_t>(size));
            raw(".0");
            return;
        }
        /* The shortest digits, from to_chars' d.ddde±XX, then placed as Swift places them. */
        char scientific[32], digits[20];
        auto end = std::to_chars(scientific, scientific + sizeof scientific, size, std::chars_format::scientific).ptr;
        const char *mark = scientific;
        int count = 0, exponent = 0;
        for (; *mark != 'e'; mark++) {
            if (*mark != '.') digits[count++] = *mark;
        }
        std::from_chars(mark + (mark[1] == '+' ? 2 : 1), end, exponent);
        if (!reserve(32)) return;  // at most 24 bytes: a sign, 17 digits, a point and e-308
        char *out = data_ + size_;
        if (value < 0) *out++ = '-';
        if (exponent >= -4 && size <= 0x1p53) {
            if (exponent >= count - 1) {
                out = std::copy(digits, digits + count, out);
                out = std::fill_n(out, exponent - count + 1, '0');
                out = std::copy_n(".0", 2, out);
            } else if (exponent >= 0) {
                out = std::copy(digits, digits + exponent + 1, out);
                *out++ = '.';
                out = std::copy(digits + exponent + 1, digits + count, out);
            } else {
                out = std::copy_n("0.", 2, out);
                out = std::fill_n(out, -exponent - 1, '0');
                out = std::copy(digits, digits + count, out);
            }
        } else {
            *out++ = digits[0];
            if (count > 1) {
                *out++ = '.';
                out = std::copy(digits + 1, digits + count, out);
            }
            *out++ = 'e';
            *out++ = exponent < 0 ? '-' : '+';
            int magnitude = exponent < 0 ? -exponent : exponent;
            if (magnitude >= 100) *out++ = static_cast<char>('0' + magnitude / 100);
            *out++ = static_cast<char>('0' + magnitude / 10 % 10);
            *out++ = static_cast<char>('0' + magnitude % 10);
        }
        size_ = static_cast<size_t>(out - data_);
    }

    /* The response, NUL-terminated, for the caller to free(); NULL when memory ran out. */
    char *release() {
        raw('\0');
        if (failed_) return nullptr;
        char *text = data_;
        data_ = nullptr;
        return text;
    }

  private:
    char *data_ = nullptr;
    size_t size_ = 0, capacity_ = 0;
    bool failed_ = false;

    /* Room for `more` bytes; false once memory ran out. */
    [[gnu::always_inline]] bool reserve(size_t more) {
        if (simdjson_likely(size_ + more <= capacity_)) return !failed_;
        return grow(more);
    }

    /* Room for `more` bytes, the block grown (out of line: rare); false once memory ran out. */
    [[gnu::noinline]] bool grow(size_t more) {
        if (failed_) return false;
        size_t capacity = capacity_ * 2 > size_ + more ? capacity_ * 2 : size_ + more + 64;
        char *grown = static_cast<char *>(std::realloc(data_, capacity));
        if (grown == nullptr) {
            failed_ = true;
            return false;
        }
        data_ = grown;
        capacity_ = capacity;
        return true;
    }

    /* Whether any of the eight bytes is a quote, a backslash or below 0x20 (SWAR). */
    static bool needs_escape(uint64_t word) {
        const uint64_t ones = 0x0101010101010101ULL, high = ones * 0x80;
        uint64_t quote = word ^ (ones * '"'), backslash = word ^ (ones * '\\');
        uint64_t control = (word - ones * 0x20) & ~word;
        return (((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | control) & high;
    }
};

char *error_response(const char *code, const char *message, const char *path) {
    Response response(128);
    response.raw("{\"ok\":false,\"error\":{\"code\":");
    response.string(code);
    response.raw(",\"message\":");
    response.string(message);
    if (path != nullptr) {
        response.raw(",\"path\":");
        response.string(path);
    }
    response.raw("}}");
    return response.release();
}

char *invalid_json() { return error_response("INVALID_JSON", "The request must be a JSON object.", nullptr); }
char *invalid_request(const char *message, const char *path) { return error_response("INVALID_REQUEST", message, path); }

/* ---- parsing -------------------------------------------------------------------------------- */

/* The parser of this thread and the request copied into padded memory, both kept between calls. */
struct Reader {
    simdjson::ondemand::parser parser;
    std::string padded;

    simdjson::simdjson_result<simdjson::ondemand::document> iterate(const char *request, size_t length) {
        if (padded.size() < length + simdjson::SIMDJSON_PADDING) padded.resize(length + simdjson::SIMDJSON_PADDING);
        std::memcpy(&padded[0], request, length);
        return parser.iterate(padded.data(), length, padded.size());
    }
};

Reader &reader() {
    thread_local Reader instance;
    return instance;
}

/* Parses `request` (its length found once) and opens its root object; false when it is not
   JSON or not an object. */
bool open_root(const char *request, size_t &length, simdjson::ondemand::document &document, simdjson::ondemand::object &root) {
    length = std::strlen(request);
    return reader().iterate(request, length).get(document) == simdjson::SUCCESS && document.get_object().get(root) == simdjson::SUCCESS;
}

/* Whether nothing but white space follows the root value. */
bool consumed(simdjson::ondemand::document &document) {
    return document.current_location().error() == simdjson::OUT_OF_BOUNDS;
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/* Whether `value` is null, its literal checked ("nul" and "nullx" are no null but invalid JSON). */
bool is_null(simdjson::ondemand::value value) {
    bool null = false;
    return value.is_null().get(null) == simdjson::SUCCESS && null;
}

/* The integer a number token spells, decided exactly on its digits (never through a double:
   9007199254740993.0 is 9007199254740993); false if it is not an integer, out of range or not a
   number. */
bool exact_integer(string_view token, int64_t &out) {
    while (!token.empty() && is_space(token.back())) token.remove_suffix(1);
    size_t at = 0, size = token.size();
    auto digits = [&](size_t &count) {
        size_t from = at;
        while (at < size && token[at] >= '0' && token[at] <= '9') at++;
        count = at - from;
        return from;
    };
    bool negative = at < size && token[at] == '-';
    if (negative) at++;
    size_t whole_count, fraction_count = 0, exponent_count = 0;
    size_t whole = digits(whole_count), fraction = at;
    if (whole_count == 0 || (whole_count > 1 && token[whole] == '0')) return false;
    if (at < size && token[at] == '.') {
        at++;
        fraction = digits(fraction_count);
        if (fraction_count == 0) return false;
    }
    int64_t exponent = 0;
    if (at < size && (token[at] == 'e' || token[at] == 'E')) {
        at++;
        bool below = at < size && token[at] == '-';
        if (at < size && (token[at] == '-' || token[at] == '+')) at++;
        size_t from = digits(exponent_count);
        if (exponent_count == 0) return false;
        for (size_t index = from; index < from + exponent_count; index++) {
            if (exponent < 1000000) exponent = exponent * 10 + (token[index] - '0');  // beyond: out of range anyway
        }
        if (below) exponent = -exponent;
    }
    if (at != size) return false;
    /* The mantissa's digits, the whole part's then the fraction's: the value is digits ×
       10^(exponent - fraction_count). */
    size_t count = whole_count + fraction_count, first = 0, last = count;
    auto digit = [&](size_t index) { return token[index < whole_count ? whole + index : fraction + index - whole_count] - '0'; };
    while (first < count && digit(first) == 0) first++;
    if (first == count) {
        out = 0;
        return true;
    }
    while (digit(last - 1) == 0) last--;
    int64_t scale = exponent - static_cast<int64_t>(fraction_count) + static_cast<int64_t>(count - last);
    if (scale < 0 || static_cast<int64_t>(last - first) + scale > 19) return false;  // a fraction, or 10^19 and beyond
    uint64_t magnitude = 0;
    for (size_t index = first; index < last; index++) magnitude = magnitude * 10 + static_cast<uint64_t>(digit(index));
    for (int64_t index = 0; index < scale; index++) magnitude *= 10;
    if (magnitude > (negative ? uint64_t(1) << 63 : static_cast<uint64_t>(INT64_MAX))) return false;
    out = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
    return true;
}

/* An integer written otherwise than simdjson reads one (8.0, 8e0), from its token; false if the
   value is no integer. Out of line: rare, and inlined it slowed every integer's reading. */
[[gnu::cold, gnu::noinline]] bool integer_otherwise(simdjson::ondemand::value value, int64_t &out) {
    json_type type;
    return value.type().get(type) == simdjson::SUCCESS && type == json_type::number && exact_integer(value.raw_json_token(), out);
}

/* An integer as the contract reads one: a number whose value is an integer in range, however it
   is written (8, 8.0, 8e0, 80e-1: stores that keep every number as a double write them so).
   Always inlined: a call (the value handed over in memory) cost more than the reading. */
[[gnu::always_inline]] inline bool integer(simdjson::ondemand::value value, int64_t &out) {
    if (simdjson_likely(value.get_int64().get(out) == simdjson::SUCCESS)) return true;
    return integer_otherwise(value, out);
}

/* Optional members: null is absent (true; `out` empty or false, `present` false), after a
   repeated member too; otherwise the value must have the type (false if not). The type is tried
   first (the usual case), null only when the value is not one. Strings always inlined: a call
   cost more than the reading (matches.sections reads several per match). */
[[gnu::always_inline]] inline bool optional_string(simdjson::ondemand::value value, string_view &out, bool &present) {
    out = string_view();
    present = value.get_string().get(out) == simdjson::SUCCESS;
    return present || is_null(value);
}

bool optional_bool(simdjson::ondemand::value value, bool &out) {
    out = false;
    return value.get_bool().get(out) == simdjson::SUCCESS || is_null(value);
}

bool optional_int(simdjson::ondemand::value value, int64_t &out) {
    if (simdjson_likely(value.get_int64().get(out) == simdjson::SUCCESS)) return true;  // the usual case first
    return is_null(value) || integer_otherwise(value, out);
}

/* A member value's JSON text as written, without trailing white space. */
bool raw_value(simdjson::ondemand::value value, string_view &out) {
    json_type type;
    if (value.type().get(type) != simdjson::SUCCESS) return false;
    if (type == json_type::object) {
        simdjson::ondemand::object object;
        if (value.get_object().get(object) != simdjson::SUCCESS) return false;
        if (object.raw_json().get(out) != simdjson::SUCCESS) return false;
    } else if (type == json_type::array) {
        simdjson::ondemand::array array;
        if (value.get_array().get(array) != simdjson::SUCCESS) return false;
        if (array.raw_json().get(out) != simdjson::SUCCESS) return false;
    } else {
        out = value.raw_json_token();
    }
    while (!out.empty() && is_space(out.back())) out.remove_suffix(1);
    return true;
}

/* ---- tournaments.filter ------------------------------------------------------------------- */

enum Status { OPEN, IN_PROGRESS, COMPLETED, CANCELLED };
const char *const status_names[] = {"OPEN", "IN_PROGRESS", "COMPLETED", "CANCELLED"};

bool equal_ignoring_case(string_view text, string_view upper) {
    if (text.size() != upper.size()) return false;
    for (size_t index = 0; index < text.size(); index++) {
        char c = text[index];
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
        if (c != upper[index]) return false;
    }
    return true;
}

Status status_of(string_view text) {
    for (int index = 1; index < 4; index++) {
        if (equal_ignoring_case(text, status_names[index])) return static_cast<Status>(index);
    }
    return OPEN;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

/* Whether `text` contains `needle` (already lower case), ASCII case ignored. */
bool contains(string_view text, string_view needle) {
    if (needle.size() > text.size()) return false;
    for (size_t start = 0; start + needle.size() <= text.size(); start++) {
        size_t index = 0;
        while (index < needle.size() && lower(text[start + index]) == needle[index]) index++;
        if (index == needle.size()) return true;
    }
    return false;
}

struct Extra {
    string_view key, value;
};

struct Tournament {
    string_view id, name, location;
    Status status = OPEN;
    bool is_public = false;
    int64_t current = 0, maximum = 0;
    size_t extras_begin = 0, extras_end = 0;
};

enum Tab { ACTIVE, COMPLETED_TAB, ALL };

bool in_tab(Tab tab, Status status) {
    switch (tab) {
    case ACTIVE: return status == OPEN || status == IN_PROGRESS;
    case COMPLETED_TAB: return status == COMPLETED;
    default: return true;
    }
}

bool read_tournament(simdjson::ondemand::value value, Tournament &tournament, std::vector<Extra> &extras) {
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return false;
    bool has_id = false, present = false;
    tournament.extras_begin = extras.size();
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "id") {
            if (field.value().get_string().get(tournament.id) != simdjson::SUCCESS || tournament.id.empty()) return false;
            has_id = true;
        } else if (key == "name") {
            if (!optional_string(field.value(), tournament.name, present)) return false;
        } else if (key == "location") {
            if (!optional_string(field.value(), tournament.location, present)) return false;
        } else if (key == "status") {
            string_view status;
            bool has_status = false;
            if (!optional_string(field.value(), status, has_status)) return false;
            tournament.status = has_status ? status_of(status) : OPEN;
        } else if (key == "public") {
            if (!optional_bool(field.value(), tournament.is_public)) return false;
        } else if (key == "currentParticipants") {
            if (!optional_int(field.value(), tournament.current)) return false;
        } else if (key == "maxParticipants") {
            if (!optional_int(field.value(), tournament.maximum)) return false;
        } else {
            Extra extra;
            if (field.unescaped_key().get(extra.key) != simdjson::SUCCESS || !raw_value(field.value(), extra.value)) return false;
            extras.push_back(extra);
        }
    }
    tournament.extras_end = extras.size();
    return has_id;
}

}  // namespace

extern "C" char *simdjson_tournaments_filter(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    thread_local std::vector<Tournament> tournaments;
    thread_local std::vector<Extra> extras;
    tournaments.clear();
    extras.clear();
    Tab tab = ACTIVE;
    bool public_only = false, has_tournaments = false;
    string_view query;
    int64_t limit = -1;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "tournaments") {
            simdjson::ondemand::array list;
            if (field.value().get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$");
            for (auto element : list) {
                simdjson::ondemand::value value;
                Tournament tournament;
                if (std::move(element).get(value) != simdjson::SUCCESS || !read_tournament(value, tournament, extras)) {
                    return invalid_request("Invalid tournament.", "$.tournaments");
                }
                tournaments.push_back(tournament);
            }
            has_tournaments = true;
        } else if (key == "tab") {
            simdjson::ondemand::value value = field.value();
            json_type type;
            if (value.type().get(type) != simdjson::SUCCESS) return invalid_json();
            if (type == json_type::string) {
                string_view name;
                if (value.get_string().get(name) != simdjson::SUCCESS) return invalid_json();
                if (name == "active") tab = ACTIVE;
                else if (name == "completed") tab = COMPLETED_TAB;
                else if (name == "all") tab = ALL;
                else return invalid_request("Invalid tab.", "$.tab");
            } else if (type == json_type::number) {
                int64_t index;
                if (!integer(value, index)) return invalid_request("Invalid tab.", "$.tab");
                tab = index == 0 ? ACTIVE : index == 1 ? COMPLETED_TAB : ALL;
            } else if (!is_null(value)) {
                return invalid_request("Invalid tab.", "$.tab");
            }
        } else if (key == "publicOnly") {
            if (!optional_bool(field.value(), public_only)) return invalid_request("Invalid request.", "$.publicOnly");
        } else if (key == "query") {
            bool present = false;
            if (!optional_string(field.value(), query, present)) return invalid_request("Invalid request.", "$.query");
        } else if (key == "limit") {
            if (!optional_int(field.value(), limit) || limit < -1) return invalid_request("Invalid request.", "$.limit");
        }
    }
    if (!has_tournaments) return invalid_request("Invalid request.", "$.tournaments");
    if (!consumed(document)) return invalid_json();

    /* The query: surrounding white space ignored, lower case; blank keeps everything. */
    while (!query.empty() && is_space(query.front())) query.remove_prefix(1);
    while (!query.empty() && is_space(query.back())) query.remove_suffix(1);
    std::string needle(query);
    for (char &c : needle) c = lower(c);

    Response response(256 + length);
    response.raw("{\"ok\":true,\"result\":{\"tab\":");
    response.raw(tab == ACTIVE ? "\"active\"" : tab == COMPLETED_TAB ? "\"completed\"" : "\"all\"");
    response.raw(",\"tournaments\":[");
    int64_t active = 0, completed = 0, all = 0, matching = 0, listed = 0;
    for (const Tournament &tournament : tournaments) {
        if (public_only && !tournament.is_public) continue;
        if (!needle.empty() && !contains(tournament.name, needle) && !contains(tournament.location, needle)) continue;
        all++;
        if (in_tab(ACTIVE, tournament.status)) active++;
        if (in_tab(COMPLETED_TAB, tournament.status)) completed++;
        if (!in_tab(tab, tournament.status)) continue;
        matching++;
        if (limit >= 0 && listed >= limit) continue;
        if (listed++ > 0) response.raw(",");
        response.raw("{\"id\":");
        response.string(tournament.id);
        response.raw(",\"name\":");
        response.string(tournament.name);
        response.raw(",\"location\":");
        response.string(tournament.location);
        response.raw(",\"status\":\"");
        response.raw(status_names[tournament.status]);
        response.raw(tournament.is_public ? "\",\"public\":true" : "\",\"public\":false");
        response.raw(",\"currentParticipants\":");
        response.integer(tournament.current);
        response.raw(",\"maxParticipants\":");
        response.integer(tournament.maximum);
        for (size_t index = tournament.extras_begin; index < tournament.extras_end; index++) {
            response.raw(",");
            response.string(extras[index].key);
            response.raw(":");
            response.raw(extras[index].value);
        }
        response.raw("}");
    }
    response.raw("],\"counts\":{\"active\":");
    response.integer(active);
    response.raw(",\"completed\":");
    response.integer(completed);
    response.raw(",\"all\":");
    response.integer(all);
    response.raw("},\"labels\":{\"active\":\"Active (");
    response.integer(active);
    response.raw(")\",\"completed\":\"Completed (");
    response.integer(completed);
    response.raw(")\"},\"isEmpty\":");
    if (matching > 0) {
        response.raw("false,\"emptyState\":null}}");
    } else if (tab == COMPLETED_TAB) {
        response.raw("true,\"emptyState\":{\"icon\":\"checkmark.circle\",\"title\":\"No Completed Tournaments\","
                     "\"message\":\"Completed tournaments will appear here\"}}}");
    } else {
        response.raw(tab == ALL ? "true,\"emptyState\":{\"icon\":\"target\",\"title\":\"No Tournaments\","
                                : "true,\"emptyState\":{\"icon\":\"target\",\"title\":\"No Active Tournaments\",");
        response.raw("\"message\":\"Check back later for upcoming tournaments\"}}}");
    }
    return response.release();
}

/* ---- guests.check ------------------------------------------------------------------------- */

extern "C" char *simdjson_guests_check(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    /* currentUserId may come after the participants: the guests' addedBy are kept until then. */
    thread_local std::vector<string_view> added_by;
    added_by.clear();
    int64_t per_user = 2, total = 10, guests = 0;
    bool signed_in = false, in_progress = false;
    string_view user;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "participants") {
            simdjson::ondemand::value value = field.value();
            if (is_null(value)) continue;
            simdjson::ondemand::array list;
            if (value.get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.participants");
            for (auto element : list) {
                simdjson::ondemand::object participant;
                if (std::move(element).get_object().get(participant) != simdjson::SUCCESS) return invalid_request("Invalid participant.", "$.participants");
                bool has_id = false, guest = false, has_owner = false;
                string_view owner;
                for (auto part : participant) {
                    simdjson::ondemand::field entry;
                    if (std::move(part).get(entry) != simdjson::SUCCESS) return invalid_json();
                    simdjson::ondemand::raw_json_string name = entry.key();
                    bool valid = true;
                    if (name == "participantId") {
                        string_view id;
                        valid = entry.value().get_string().get(id) == simdjson::SUCCESS && !id.empty();
                        has_id = true;
                    } else if (name == "guestParticipant") {
                        valid = optional_bool(entry.value(), guest);
                    } else if (name == "addedBy") {
                        valid = optional_string(entry.value(), owner, has_owner);
                    }
                    if (!valid) return invalid_request("Invalid participant.", "$.participants");
                }
                if (!has_id) return invalid_request("Invalid participant.", "$.participants");
                if (!guest) continue;
                guests++;
                if (has_owner) added_by.push_back(owner);
            }
        } else if (key == "currentUserId") {
            if (!optional_string(field.value(), user, signed_in)) return invalid_request("Invalid request.", "$.currentUserId");
        } else if (key == "tournament") {
            simdjson::ondemand::value value = field.value();
            if (is_null(value)) continue;
            simdjson::ondemand::object tournament;
            if (value.get_object().get(tournament) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.tournament");
            for (auto part : tournament) {
                simdjson::ondemand::field entry;
                if (std::move(part).get(entry) != simdjson::SUCCESS) return invalid_json();
                if (entry.key() == "status") {
                    string_view status;
                    bool present = false;
                    if (!optional_string(entry.value(), status, present)) return invalid_request("Invalid request.", "$.tournament.status");
                    in_progress = present && equal_ignoring_case(status, "IN_PROGRESS");
                }
            }
        } else if (key == "limits") {
            simdjson::ondemand::value value = field.value();
            if (is_null(value)) continue;
            simdjson::ondemand::object limits;
            if (value.get_object().get(limits) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.limits");
            for (auto part : limits) {
                simdjson::ondemand::field entry;
                if (std::move(part).get(entry) != simdjson::SUCCESS) return invalid_json();
                simdjson::ondemand::raw_json_string name = entry.key();
                int64_t *target = name == "maxGuestsPerParticipant" ? &per_user : name == "maxTotalGuests" ? &total : nullptr;
                if (target != nullptr && (!optional_int(entry.value(), *target) || *target < 0)) {
                    return invalid_request("Invalid limit.", "$.limits");
                }
            }
        }
    }
    if (!consumed(document)) return invalid_json();
    int64_t mine = 0;
    if (signed_in) {
        for (string_view owner : added_by) mine += owner == user;
    }
    int64_t remaining_user = per_user > mine ? per_user - mine : 0, remaining_total = total > guests ? total - guests : 0;
    Response response(512);
    response.raw("{\"ok\":true,\"result\":{\"guestCount\":");
    response.integer(mine);
    response.raw(",\"totalGuestCount\":");
    response.integer(guests);
    response.raw(",\"remainingForUser\":");
    response.integer(remaining_user);
    response.raw(",\"remainingTotal\":");
    response.integer(remaining_total);
    response.raw(",\"remaining\":");
    response.integer(remaining_user < remaining_total ? remaining_user : remaining_total);
    if (!signed_in) {
        response.raw(",\"canAddGuest\":false,\"reason\":{\"code\":\"NOT_AUTHENTICATED\",\"message\":\"You must be signed in to add a guest.\"}");
    } else if (mine >= per_user) {
        response.raw(",\"canAddGuest\":false,\"reason\":{\"code\":\"MAX_GUESTS_PER_USER_REACHED\",\"message\":\"You can only add ");
        response.integer(per_user);
        response.raw(" guest(s) per participant.\"}");
    } else if (guests >= total) {
        response.raw(",\"canAddGuest\":false,\"reason\":{\"code\":\"MAX_TOTAL_GUESTS_REACHED\",\"message\":\"This tournament has reached the maximum of ");
        response.integer(total);
        response.raw(" total guests.\"}");
    } else if (!in_progress) {
        response.raw(",\"canAddGuest\":false,\"reason\":{\"code\":\"TOURNAMENT_NOT_IN_PROGRESS\",\"message\":\"Guests can only be added to tournaments in progress.\"}");
    } else {
        response.raw(",\"canAddGuest\":true,\"reason\":null");
    }
    response.raw(",\"limits\":{\"maxGuestsPerParticipant\":");
    response.integer(per_user);
    response.raw(",\"maxTotalGuests\":");
    response.integer(total);
    response.raw("}}}");
    return response.release();
}

/* ---- arrows, rounds and the rounds that count (equipment.stats, equipment.compare, scoring.leaderboard) */

namespace {

struct Tally {
    int64_t arrows = 0, score = 0, tens = 0, xs = 0, nines = 0;
};

/* A round as read: its date, its arrows' tally, and where its impacts are in the list of all. */
struct RoundSummary {
    int64_t date = 0;
    Tally tally;
    size_t impacts_begin = 0, impacts_end = 0;
};

struct Impact {
    double x, y;
};

/* The rounds of one setup as read, each summed as it was read, and the impacts of all of them
   in arrow order. */
struct Rounds {
    std::vector<RoundSummary> list;
    std::vector<Impact> impacts;

    void clear() {
        list.clear();
        impacts.clear();
    }
};

/* Timestamps (dates, now, startDate) are epoch ms from 0 to the last millisecond of year 9999. */
constexpr int64_t last_timestamp = 253402300799999;
constexpr int64_t day_milliseconds = 86400000;

bool timestamp(simdjson::ondemand::value value, int64_t &out) {
    return integer(value, out) && out >= 0 && out <= last_timestamp;
}

/* Optional counts and bounded numbers: null is absent (true, `out` untouched). */
bool optional_count(simdjson::ondemand::value value, int64_t &out) { return optional_int(value, out) && out >= 0; }

bool optional_number(simdjson::ondemand::value value, double &out, double low, double high) {
    if (is_null(value)) return true;
    return value.get_double().get(out) == simdjson::SUCCESS && out >= low && out <= high;
}

/* Reads one arrow into a tally (and its impact into `impacts`, when given); false if invalid. */
bool read_arrow(simdjson::ondemand::value value, Tally &tally, std::vector<Impact> *impacts) {
    simdjson::ondemand::object arrow;
    if (value.get_object().get(arrow) != simdjson::SUCCESS) return false;
    int64_t score = -1;
    bool is_x = false, has_x = false, has_y = false;
    double x = 0, y = 0;
    for (auto member : arrow) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "score") {
            if (!integer(field.value(), score)) return false;
        } else if (key == "isX") {
            if (!optional_bool(field.value(), is_x)) return false;
        } else if (key == "x" || key == "y") {
            simdjson::ondemand::value coordinate = field.value();
            double number;
            if (coordinate.get_double().get(number) != simdjson::SUCCESS) {
                if (is_null(coordinate)) continue;  // the number tried first (the usual case)
                return false;
            }
            if (!(std::fabs(number) <= 1000)) return false;
            if (key == "x") {
                x = number;
                has_x = true;
            } else {
                y = number;
                has_y = true;
            }
        }
    }
    if (score < 0 || score > 10 || (is_x && score != 10)) return false;
    tally.arrows++;
    tally.score += score;
    tally.tens += score == 10;
    tally.xs += is_x;
    tally.nines += score >= 9;
    if (impacts != nullptr && has_x && has_y) impacts->push_back({x, y});
    return true;
}

/* Reads an array of arrows into a tally (and their impacts, when `impacts` is given); false if
   invalid. */
bool read_arrows(simdjson::ondemand::value value, Tally &tally, std::vector<Impact> *impacts) {
    simdjson::ondemand::array arrows;
    if (value.get_array().get(arrows) != simdjson::SUCCESS) return false;
    for (auto arrow : arrows) {
        simdjson::ondemand::value element;
        if (std::move(arrow).get(element) != simdjson::SUCCESS || !read_arrow(element, tally, impacts)) return false;
    }
    return true;
}

/* Reads the array of rounds `value` (at `path`) into `rounds`, each summed as it is read: which
   of them count is decided once the whole request is read. NULL, or the error response. */
char *read_rounds(simdjson::ondemand::value value, const char *path, Rounds &rounds) {
    rounds.clear();
    simdjson::ondemand::array list;
    if (value.get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", path);
    for (auto element : list) {
        simdjson::ondemand::object object;
        if (std::move(element).get_object().get(object) != simdjson::SUCCESS) return invalid_request("Invalid round.", path);
        RoundSummary round;
        round.impacts_begin = rounds.impacts.size();
        bool has_date = false, has_arrows = false;
        for (auto part : object) {
            simdjson::ondemand::field entry;
            if (std::move(part).get(entry) != simdjson::SUCCESS) return invalid_json();
            simdjson::ondemand::raw_json_string name = entry.key();
            if (name == "date") {
                if (!timestamp(entry.value(), round.date)) return invalid_request("Invalid round.", path);
                has_date = true;
            } else if (name == "arrows") {
                round.tally = Tally();  // a repeated member: the last one counts
                rounds.impacts.resize(round.impacts_begin);
                if (!read_arrows(entry.value(), round.tally, &rounds.impacts)) return invalid_request("Invalid arrow.", path);
                has_arrows = true;
            } else if (name == "id") {
                string_view id;
                bool present = false;
                if (!optional_string(entry.value(), id, present)) return invalid_request("Invalid round.", path);
            }
        }
        if (!has_date || !has_arrows) return invalid_request("Invalid round.", path);
        round.impacts_end = rounds.impacts.size();
        rounds.list.push_back(round);
    }
    return nullptr;
}

struct TimeRange {
    string_view id, label;
    int64_t days;  // 0: all time
};

const TimeRange time_ranges[] = {
    {"sevenDays", "7 Days", 7}, {"thirtyDays", "30 Days", 30}, {"ninetyDays", "90 Days", 90}, {"oneYear", "1 Year", 365},
    {"allTime", "All Time", 0},
};

int64_t clock_milliseconds() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

/* Which rounds count: those of `timeRange` (default thirtyDays) ending at `now` (default the
   clock), or those since `startDate` instead (not both). The members may come in any order, after
   the rounds: each is read as it comes, and resolve() decides once all are read. */
class RoundSelection {
  public:
    /* timeRange, one of the five names (null: absent); false if invalid. */
    bool read_range(simdjson::ondemand::value value) {
        range_ = &time_ranges[1];
        has_range_ = false;
        if (is_null(value)) return true;
        string_view name;
        if (value.get_string().get(name) != simdjson::SUCCESS) return false;
        for (const TimeRange &range : time_ranges) {
            if (range.id == name) {
                range_ = &range;
                has_range_ = true;
                return true;
            }
        }
        return false;
    }

    /* startDate, a timestamp (null: absent); false if invalid. */
    bool read_start_date(simdjson::ondemand::value value) {
        has_start_date_ = false;
        if (is_null(value)) return true;
        return has_start_date_ = timestamp(value, start_);
    }

    /* now, a timestamp (null: absent); checked by resolve(), which needs it only without a
       startDate. */
    void read_now(simdjson::ondemand::value value) {
        has_now_ = false;
        valid_now_ = true;
        if (is_null(value)) return;
        has_now_ = true;
        valid_now_ = timestamp(value, now_);
    }

    /* Settles the rounds that count; false if the members read cannot be used together. */
    bool resolve() {
        if (has_start_date_) return !has_range_;
        if (!valid_now_) return false;
        all_ = range_->days == 0;
        if (!all_) start_ = (has_now_ ? now_ : clock_milliseconds()) - range_->days * day_milliseconds;
        return true;
    }

    /* Whether a round shot at `date` counts (the start is inclusive). */
    bool includes(int64_t date) const { return all_ || date >= start_; }

    /* {"id","label","startTimestamp"}: the range, or custom for a startDate. */
    void write(Response &response) const {
        if (has_start_date_) {
            response.raw("{\"id\":\"custom\",\"label\":\"Custom\",\"startTimestamp\":");
            response.integer(start_);
            response.raw('}');
            return;
        }
        response.raw("{\"id\":\"");
        response.raw(range_->id);
        response.raw("\",\"label\":\"");
        response.raw(range_->label);
        response.raw("\",\"startTimestamp\":");
        if (all_) {
            response.raw("null}");
        } else {
            response.integer(start_);
            response.raw('}');
        }
    }

  private:
    const TimeRange *range_ = &time_ranges[1];
    bool has_range_ = false, has_start_date_ = false, has_now_ = false, valid_now_ = true, all_ = false;
    int64_t start_ = 0, now_ = 0;
};

/* A setup's statistics, computed from its rounds or precomputed. */
struct SetupStats {
    int64_t setup_id = 0, total_arrows = 0, total_score = 0, x_count = 0, ten_count = 0, round_count = 0;
    double average_score = 0, accuracy = 0, consistency = 0;
};

/* A setup's drift; written null when not `present` (no arrow with both coordinates). */
struct DriftStats {
    bool present = false;
    int64_t setup_id = 0, arrow_count = 0;
    double x_average = 0, y_average = 0, x_spread = 0, y_spread = 0;
};

/* The statistics of the rounds that count: percentages are count × 100 / arrows, every figure 0
   without arrows. (The core checks the sums for overflow; not here: that would take some 10^18
   arrows.) */
SetupStats stats_of(const Rounds &rounds, const RoundSelection &selection, int64_t setup_id) {
    Tally tally;
    SetupStats stats;
    for (const RoundSummary &round : rounds.list) {
        if (!selection.includes(round.date)) continue;
        if (round.tally.arrows > 0) stats.round_count++;
        tally.arrows += round.tally.arrows;
        tally.score += round.tally.score;
        tally.tens += round.tally.tens;
        tally.xs += round.tally.xs;
        tally.nines += round.tally.nines;
    }
    double arrows = static_cast<double>(tally.arrows);
    stats.setup_id = setup_id;
    stats.total_arrows = tally.arrows;
    stats.total_score = tally.score;
    stats.average_score = tally.arrows ? static_cast<double>(tally.score) / arrows : 0.0;
    stats.accuracy = tally.arrows ? static_cast<double>(tally.tens) * 100 / arrows : 0.0;
    stats.consistency = tally.arrows ? static_cast<double>(tally.nines) * 100 / arrows : 0.0;
    stats.x_count = tally.xs;
    stats.ten_count = tally.tens;
    return stats;
}

/* The drift of the arrows with both coordinates in the rounds that count: the means, then the
   population standard deviations from a second pass, both in arrow order (as the core sums them,
   so the same bits). */
DriftStats drift_of(const Rounds &rounds, const RoundSelection &selection, int64_t setup_id) {
    DriftStats drift;
    double sum_x = 0, sum_y = 0;
    for (const RoundSummary &round : rounds.list) {
        if (!selection.includes(round.date)) continue;
        for (size_t index = round.impacts_begin; index < round.impacts_end; index++) {
            drift.arrow_count++;
            sum_x += rounds.impacts[index].x;
            sum_y += rounds.impacts[index].y;
        }
    }
    if (drift.arrow_count == 0) return drift;
    double count = static_cast<double>(drift.arrow_count), mean_x = sum_x / count, mean_y = sum_y / count, squares_x = 0, squares_y = 0;
    for (const RoundSummary &round : rounds.list) {
        if (!selection.includes(round.date)) continue;
        for (size_t index = round.impacts_begin; index < round.impacts_end; index++) {
            squares_x += (rounds.impacts[index].x - mean_x) * (rounds.impacts[index].x - mean_x);
            squares_y += (rounds.impacts[index].y - mean_y) * (rounds.impacts[index].y - mean_y);
        }
    }
    drift.present = true;
    drift.setup_id = setup_id;
    drift.x_average = mean_x;
    drift.y_average = mean_y;
    drift.x_spread = std::sqrt(squares_x / count);
    drift.y_spread = std::sqrt(squares_y / count);
    return drift;
}

void write_stats(Response &response, const SetupStats &stats) {
    response.raw("{\"setupId\":");
    response.integer(stats.setup_id);
    response.raw(",\"totalArrows\":");
    response.integer(stats.total_arrows);
    response.raw(",\"totalScore\":");
    response.integer(stats.total_score);
    response.raw(",\"averageScore\":");
    response.number(stats.average_score);
    response.raw(",\"accuracy\":");
    response.number(stats.accuracy);
    response.raw(",\"consistency\":");
    response.number(stats.consistency);
    response.raw(",\"xCount\":");
    response.integer(stats.x_count);
    response.raw(",\"tenCount\":");
    response.integer(stats.ten_count);
    response.raw(",\"roundCount\":");
    response.integer(stats.round_count);
    response.raw('}');
}

void write_drift(Response &response, const DriftStats &drift) {
    if (!drift.present) {
        response.raw("null");
        return;
    }
    response.raw("{\"setupId\":");
    response.integer(drift.setup_id);
    response.raw(",\"xDriftAverage\":");
    response.number(drift.x_average);
    response.raw(",\"yDriftAverage\":");
    response.number(drift.y_average);
    response.raw(",\"xSpread\":");
    response.number(drift.x_spread);
    response.raw(",\"ySpread\":");
    response.number(drift.y_spread);
    response.raw(",\"arrowCount\":");
    response.integer(drift.arrow_count);
    response.raw('}');
}

}  // namespace

/* ---- equipment.stats ---------------------------------------------------------------------- */

extern "C" char *simdjson_equipment_stats(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    /* now and timeRange may come after the rounds: each round is summed as it is read, and
       whether it counts is decided at the end. */
    thread_local Rounds rounds;
    rounds.clear();
    RoundSelection selection;
    int64_t setup_id = 0;
    bool has_setup = false, has_rounds = false;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "setupId") {
            if (!integer(field.value(), setup_id)) return invalid_request("Invalid request.", "$.setupId");
            has_setup = true;
        } else if (key == "now") {
            selection.read_now(field.value());
        } else if (key == "timeRange") {
            if (!selection.read_range(field.value())) return invalid_request("Invalid time range.", "$.timeRange");
        } else if (key == "startDate") {
            if (!selection.read_start_date(field.value())) return invalid_request("Invalid request.", "$.startDate");
        } else if (key == "rounds") {
            if (char *error = read_rounds(field.value(), "$.rounds", rounds)) return error;
            has_rounds = true;
        }
    }
    if (!has_setup || !has_rounds) return invalid_request("Invalid request.", "$");
    if (!consumed(document)) return invalid_json();
    if (!selection.resolve()) return invalid_request("Invalid time range.", "$");

    Response response(512);
    response.raw("{\"ok\":true,\"result\":{\"stats\":");
    write_stats(response, stats_of(rounds, selection, setup_id));
    response.raw(",\"drift\":");
    write_drift(response, drift_of(rounds, selection, setup_id));
    response.raw("}}");
    return response.release();
}

/* ---- equipment.compare -------------------------------------------------------------------- */

namespace {

/* One setup of a comparison as read: its raw rounds (read into a Rounds of its own), or its
   precomputed stats and drift. */
struct Side {
    int64_t id = 0;
    string_view name;
    bool has_id = false, has_rounds = false;
    bool precomputed = false;  // a stats or drift member that is not null
    SetupStats stats;          // precomputed: absent or null is all zeros
    DriftStats drift;          // precomputed: absent or null is none
    bool stats_named = false, drift_named = false;  // a setupId inside them, to check against id
    int64_t stats_setup = 0, drift_setup = 0;
};

struct SidePaths {
    const char *setup, *rounds, *stats, *drift;
};

const SidePaths side_paths[2] = {
    {"$.setupA", "$.setupA.rounds", "$.setupA.stats", "$.setupA.drift"},
    {"$.setupB", "$.setupB.rounds", "$.setupB.stats", "$.setupB.drift"},
};

/* A setupId inside precomputed figures (null: absent); false if not an integer. */
bool read_named_setup(simdjson::ondemand::value value, bool &named, int64_t &setup) {
    named = false;
    if (is_null(value)) return true;
    named = true;
    return integer(value, setup);
}

/* Precomputed statistics, as the apps' database returns them: absent members 0, counts ≥ 0,
   averageScore 0…10, accuracy and consistency 0…100. */
bool read_stats(simdjson::ondemand::object object, Side &side) {
    SetupStats &stats = side.stats;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "setupId") {
            if (!read_named_setup(field.value(), side.stats_named, side.stats_setup)) return false;
            continue;
        }
        int64_t *count = key == "totalArrows" ? &stats.total_arrows : key == "totalScore" ? &stats.total_score
                       : key == "xCount"      ? &stats.x_count      : key == "tenCount"   ? &stats.ten_count
                       : key == "roundCount"  ? &stats.round_count  : nullptr;
        if (count != nullptr) {
            *count = 0;  // null, after a repeated member, is absent too
            if (!optional_count(field.value(), *count)) return false;
            continue;
        }
        double *share = key == "averageScore" ? &stats.average_score : key == "accuracy" ? &stats.accuracy
                      : key == "consistency"  ? &stats.consistency   : nullptr;
        if (share != nullptr) {
            *share = 0;
            if (!optional_number(field.value(), *share, 0, share == &stats.average_score ? 10 : 100)) return false;
        }
    }
    return true;
}

/* Precomputed drift: averages within ±1000, spreads 0…2000, arrowCount ≥ 0; absent members 0. */
bool read_drift(simdjson::ondemand::object object, Side &side) {
    DriftStats &drift = side.drift;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "setupId") {
            if (!read_named_setup(field.value(), side.drift_named, side.drift_setup)) return false;
        } else if (key == "arrowCount") {
            drift.arrow_count = 0;
            if (!optional_count(field.value(), drift.arrow_count)) return false;
        } else {
            bool is_spread = key == "xSpread" || key == "ySpread";
            double *figure = key == "xDriftAverage" ? &drift.x_average : key == "yDriftAverage" ? &drift.y_average
                           : key == "xSpread" ? &drift.x_spread : key == "ySpread" ? &drift.y_spread : nullptr;
            if (figure == nullptr) continue;
            *figure = 0;
            if (!optional_number(field.value(), *figure, is_spread ? 0 : -1000, is_spread ? 2000 : 1000)) return false;
        }
    }
    return true;
}

/* Reads one setup (`id` required; `name`; `rounds`, or `stats` and `drift`, not both) into
   `side`, its rounds into `rounds`. NULL, or the error response. */
char *read_side(simdjson::ondemand::value value, const SidePaths &paths, Side &side, Rounds &rounds) {
    side = Side();  // a repeated member: the last one counts
    rounds.clear();
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return invalid_request("Invalid request.", paths.setup);
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "id") {
            if (!integer(field.value(), side.id)) return invalid_request("Invalid request.", paths.setup);
            side.has_id = true;
        } else if (key == "name") {
            bool present = false;
            if (!optional_string(field.value(), side.name, present)) return invalid_request("Invalid request.", paths.setup);
        } else if (key == "rounds") {
            simdjson::ondemand::value list = field.value();
            side.has_rounds = false;
            rounds.clear();
            if (is_null(list)) continue;
            if (char *error = read_rounds(list, paths.rounds, rounds)) return error;
            side.has_rounds = true;
        } else if (key == "stats" || key == "drift") {
            bool is_stats = key == "stats";
            simdjson::ondemand::value figures = field.value();
            if (is_stats) {
                side.stats = SetupStats();
                side.stats_named = false;
            } else {
                side.drift = DriftStats();
                side.drift_named = false;
            }
            if (is_null(figures)) continue;  /* null is absence, beside rounds too */
            side.precomputed = true;
            simdjson::ondemand::object fields;
            const char *path = is_stats ? paths.stats : paths.drift;
            if (figures.get_object().get(fields) != simdjson::SUCCESS) return invalid_request("Invalid request.", path);
            if (is_stats ? !read_stats(fields, side) : !read_drift(fields, side)) return invalid_request("Invalid precomputed figure.", path);
            if (!is_stats) side.drift.present = true;
        }
    }
    if (!side.has_id) return invalid_request("Missing required field \"id\".", paths.setup);
    if (side.has_rounds && side.precomputed) {
        return invalid_request("Give either rounds or precomputed stats and drift, not both.", paths.setup);
    }
    if ((side.stats_named && side.stats_setup != side.id) || (side.drift_named && side.drift_setup != side.id)) {
        return invalid_request("Precomputed figures of another setup.", paths.setup);
    }
    return nullptr;
}

/* Whether a name is blank: empty, or only Unicode White_Space (the UTF-8 is valid: simdjson
   checked the whole request). */
bool is_blank(string_view name) {
    size_t index = 0;
    while (index < name.size()) {
        unsigned char lead = static_cast<unsigned char>(name[index]);
        if (lead < 0x80) {
            if (lead != ' ' && (lead < '\t' || lead > '\r')) return false;
            index++;
            continue;
        }
        if (lead >= 0xF0) return false;  // no white space beyond the Basic Multilingual Plane
        auto continuation = [&](size_t offset) { return static_cast<unsigned char>(name[index + offset]) & 0x3Fu; };
        uint32_t code;
        if (lead < 0xE0) {
            code = (lead & 0x1Fu) << 6 | continuation(1);
            index += 2;
        } else {
            code = (lead & 0x0Fu) << 12 | continuation(1) << 6 | continuation(2);
            index += 3;
        }
        bool space = code == 0x85 || code == 0xA0 || code == 0x1680 || (code >= 0x2000 && code <= 0x200A) || code == 0x2028 ||
                     code == 0x2029 || code == 0x202F || code == 0x205F || code == 0x3000;
        if (!space) return false;
    }
    return true;
}

/* The name shown: the name, or `Setup #<id>` when it is blank. */
void write_name(Response &response, const Side &side) {
    if (!is_blank(side.name)) {
        response.string(side.name);
        return;
    }
    response.raw("\"Setup #");
    response.integer(side.id);
    response.raw('"');
}

/* value × 100 rounded to the nearest integer, ties to even, computed exactly from the double's
   bits, as printf("%.2f") rounds (1.005, stored as 1.00499999…, gives 100); saturated beyond
   ±9e13, 0 for a non-finite value (the deltas are within ±100). */
int64_t rounded_hundredths(double value) {
    if (!std::isfinite(value) || value == 0) return 0;
    const int64_t saturated = 9000000000000000;
    if (std::fabs(value) >= 9.0e13) return value < 0 ? -saturated : saturated;
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    int biased = static_cast<int>(bits >> 52 & 0x7FF);
    if (biased == 0) return 0;  // subnormal: far below half a hundredth
    int exponent = biased - 1075;  // value = significand × 2^exponent
    uint64_t scaled = ((bits & ((uint64_t(1) << 52) - 1)) | uint64_t(1) << 52) * 100, result;
    if (exponent >= 0) {
        result = scaled << exponent;
    } else if (exponent <= -64) {
        result = 0;
    } else {
        unsigned shift = static_cast<unsigned>(-exponent);
        uint64_t remainder = scaled & ((uint64_t(1) << shift) - 1), half = uint64_t(1) << (shift - 1);
        result = scaled >> shift;
        if (remainder > half || (remainder == half && (result & 1) != 0)) result++;
    }
    return value < 0 ? -static_cast<int64_t>(result) : static_cast<int64_t>(result);
}

/* A delta as shown: {"text","trend","color"}, the text with two decimals (`value` in hundredths)
   or an integer, `+` when positive, `-` when negative; up and green when positive, down and red
   when negative, flat and gray for zero. */
void write_display(Response &response, int64_t value, bool hundredths) {
    char text[24];
    size_t index = sizeof text;
    uint64_t rest = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    if (hundredths) {
        text[--index] = static_cast<char>('0' + rest % 10);
        rest /= 10;
        text[--index] = static_cast<char>('0' + rest % 10);
        rest /= 10;
        text[--index] = '.';
    }
    do {
        text[--index] = static_cast<char>('0' + rest % 10);
        rest /= 10;
    } while (rest > 0);
    if (value != 0) text[--index] = value > 0 ? '+' : '-';
    response.raw("{\"text\":\"");
    response.raw(string_view(text + index, sizeof text - index));
    response.raw(value > 0 ? "\",\"trend\":\"up\",\"color\":\"green\"}" : value < 0 ? "\",\"trend\":\"down\",\"color\":\"red\"}"
                                                                              : "\",\"trend\":\"flat\",\"color\":\"gray\"}");
}

}  // namespace

extern "C" char *simdjson_equipment_compare(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    /* timeRange, startDate and now may come after the setups: their rounds are summed as they
       are read, and which count is decided at the end. */
    thread_local Rounds rounds[2];
    Side sides[2];
    bool has_side[2] = {false, false};
    RoundSelection selection;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "setupA" || key == "setupB") {
            int which = key == "setupA" ? 0 : 1;
            if (char *error = read_side(field.value(), side_paths[which], sides[which], rounds[which])) return error;
            has_side[which] = true;
        } else if (key == "timeRange") {
            if (!selection.read_range(field.value())) return invalid_request("Invalid time range.", "$.timeRange");
        } else if (key == "startDate") {
            if (!selection.read_start_date(field.value())) return invalid_request("Invalid request.", "$.startDate");
        } else if (key == "now") {
            selection.read_now(field.value());
        }
    }
    if (!has_side[0]) return invalid_request("Missing required field \"setupA\".", "$.setupA");
    if (!has_side[1]) return invalid_request("Missing required field \"setupB\".", "$.setupB");
    if (!consumed(document)) return invalid_json();
    if (!selection.resolve()) return invalid_request("Invalid time range.", "$");
    if (sides[0].id == sides[1].id) return error_response("SAME_SETUP", "Choose two different setups to compare.", nullptr);

    /* Each side's figures: computed from its rounds, or as given (under the setup's id). */
    SetupStats stats[2];
    DriftStats drift[2];
    for (int which = 0; which < 2; which++) {
        const Side &side = sides[which];
        if (side.has_rounds) {
            stats[which] = stats_of(rounds[which], selection, side.id);
            drift[which] = drift_of(rounds[which], selection, side.id);
        } else {
            stats[which] = side.stats;
            drift[which] = side.drift;
        }
        stats[which].setup_id = drift[which].setup_id = side.id;
    }
    int64_t arrow_delta;
    if (__builtin_sub_overflow(stats[1].total_arrows, stats[0].total_arrows, &arrow_delta)) {
        return invalid_request("A total is too large to compute.", "$");
    }
    double average_delta = stats[1].average_score - stats[0].average_score, accuracy_delta = stats[1].accuracy - stats[0].accuracy,
           consistency_delta = stats[1].consistency - stats[0].consistency;

    Response response(1024 + sides[0].name.size() + sides[1].name.size());
    response.raw("{\"ok\":true,\"result\":{\"setupAName\":");
    write_name(response, sides[0]);
    response.raw(",\"setupBName\":");
    write_name(response, sides[1]);
    response.raw(",\"setupAStats\":");
    write_stats(response, stats[0]);
    response.raw(",\"setupBStats\":");
    write_stats(response, stats[1]);
    response.raw(",\"setupADrift\":");
    write_drift(response, drift[0]);
    response.raw(",\"setupBDrift\":");
    write_drift(response, drift[1]);
    response.raw(",\"deltas\":{\"averageScore\":");
    response.number(average_delta);
    response.raw(",\"accuracy\":");
    response.number(accuracy_delta);
    response.raw(",\"consistency\":");
    response.number(consistency_delta);
    response.raw(",\"arrowCount\":");
    response.integer(arrow_delta);
    response.raw("},\"display\":{\"averageScore\":");
    write_display(response, rounded_hundredths(average_delta), true);
    response.raw(",\"accuracy\":");
    write_display(response, rounded_hundredths(accuracy_delta), true);
    response.raw(",\"consistency\":");
    write_display(response, rounded_hundredths(consistency_delta), true);
    response.raw(",\"arrowCount\":");
    write_display(response, arrow_delta, false);
    response.raw("},\"timeRange\":");
    selection.write(response);
    response.raw("}}");
    return response.release();
}

/* ---- scoring.leaderboard ------------------------------------------------------------------ */

namespace {

/* An entry as read: its strings (views into the parser's buffers) and its totals, given or
   summed from its arrows. */
struct Competitor {
    string_view id, name;
    bool has_name = false;
    int64_t score = 0, tens = 0, xs = 0, arrows = 0;
};

/* Reads one entry: participantId (non-empty), displayName, and arrows or totals (score
   required; tens, xs, arrowCount default 0; counts ≥ 0, xs at most tens), not both. */
bool read_competitor(simdjson::ondemand::value value, Competitor &entry) {
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return false;
    bool has_id = false, has_arrows = false, has_score = false, totals = false;  // totals: any total member, null included
    Tally tally;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "participantId") {
            if (field.value().get_string().get(entry.id) != simdjson::SUCCESS || entry.id.empty()) return false;
            has_id = true;
        } else if (key == "displayName") {
            if (!optional_string(field.value(), entry.name, entry.has_name)) return false;
        } else if (key == "arrows") {
            simdjson::ondemand::value arrows = field.value();
            has_arrows = false;
            tally = Tally();
            if (is_null(arrows)) continue;
            if (!read_arrows(arrows, tally, nullptr)) return false;
            has_arrows = true;
        } else if (key == "score") {
            totals = has_score = true;
            if (!integer(field.value(), entry.score) || entry.score < 0) return false;
        } else {
            int64_t *count = key == "tens" ? &entry.tens : key == "xs" ? &entry.xs : key == "arrowCount" ? &entry.arrows : nullptr;
            if (count == nullptr) continue;
            totals = true;
            *count = 0;  // null, after a repeated member, is absent too
            if (!optional_count(field.value(), *count)) return false;
        }
    }
    if (!has_id) return false;
    if (has_arrows) {
        if (totals) return false;
        entry.score = tally.score;
        entry.tens = tally.tens;
        entry.xs = tally.xs;
        entry.arrows = tally.arrows;
        return true;
    }
    return has_score && entry.xs <= entry.tens;
}

bool tied(const Competitor &a, const Competitor &b) { return a.score == b.score && a.tens == b.tens && a.xs == b.xs; }

int bit_width(uint64_t value) { return value == 0 ? 0 : 64 - __builtin_clzll(value); }

/* Sorts `keys` in increasing order: a least-significant-digit radix sort of their low `bits`
   bits, a byte at a time (a byte that every key shares takes no pass), through `spare`. */
void radix_sort(std::vector<uint64_t> &keys, std::vector<uint64_t> &spare, int bits) {
    if (keys.empty()) return;
    spare.resize(keys.size());
    for (int shift = 0; shift < bits; shift += 8) {
        size_t starts[256] = {};
        for (uint64_t key : keys) starts[key >> shift & 0xFF]++;
        if (starts[keys[0] >> shift & 0xFF] == keys.size()) continue;
        size_t total = 0;
        for (size_t &start : starts) {
            size_t count = start;
            start = total;
            total += count;
        }
        for (uint64_t key : keys) spare[starts[key >> shift & 0xFF]++] = key;
        keys.swap(spare);
    }
}

/* The entries' positions in rank order: by score, then tens, then xs, all descending, then by
   position (equal entries keep their order). When the three totals' ranges and the position fit
   in 64 bits together (totals of real rounds do, by far), each entry is one integer key, ordered
   by a radix sort; otherwise they are compared. */
void rank_order(const std::vector<Competitor> &entries, std::vector<uint64_t> &order) {
    thread_local std::vector<uint64_t> spare;
    order.clear();
    int64_t top_score = 0, top_tens = 0, top_xs = 0;
    for (const Competitor &entry : entries) {
        top_score = std::max(top_score, entry.score);
        top_tens = std::max(top_tens, entry.tens);
        top_xs = std::max(top_xs, entry.xs);
    }
    int score_bits = bit_width(static_cast<uint64_t>(top_score)), tens_bits = bit_width(static_cast<uint64_t>(top_tens)),
        xs_bits = bit_width(static_cast<uint64_t>(top_xs)), index_bits = bit_width(entries.empty() ? 0 : entries.size() - 1);
    if (score_bits + tens_bits + xs_bits + index_bits <= 64) {
        /* Each total as its distance below the top (descending), then the position. */
        for (size_t index = 0; index < entries.size(); index++) {
            const Competitor &entry = entries[index];
            uint64_t key = static_cast<uint64_t>(top_score - entry.score);
            key = key << tens_bits | static_cast<uint64_t>(top_tens - entry.tens);
            key = key << xs_bits | static_cast<uint64_t>(top_xs - entry.xs);
            order.push_back(key << index_bits | index);
        }
        radix_sort(order, spare, score_bits + tens_bits + xs_bits + index_bits);
        uint64_t positions = (uint64_t(1) << index_bits) - 1;
        for (uint64_t &key : order) key &= positions;
        return;
    }
    for (size_t index = 0; index < entries.size(); index++) order.push_back(index);
    std::sort(order.begin(), order.end(), [&entries](uint64_t a, uint64_t b) {
        const Competitor &l = entries[a], &r = entries[b];
        if (l.score != r.score) return l.score > r.score;
        if (l.tens != r.tens) return l.tens > r.tens;
        if (l.xs != r.xs) return l.xs > r.xs;
        return a < b;
    });
}

}  // namespace

extern "C" char *simdjson_scoring_leaderboard(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    thread_local std::vector<Competitor> entries;
    thread_local std::vector<uint64_t> order;
    entries.clear();
    bool has_entries = false;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        if (field.key() == "entries") {
            entries.clear();
            simdjson::ondemand::array list;
            if (field.value().get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.entries");
            for (auto element : list) {
                simdjson::ondemand::value value;
                Competitor entry;
                if (std::move(element).get(value) != simdjson::SUCCESS || !read_competitor(value, entry)) {
                    return invalid_request("Invalid entry.", "$.entries");
                }
                entries.push_back(entry);
            }
            has_entries = true;
        }
    }
    if (!has_entries) return invalid_request("Missing required field \"entries\".", "$.entries");
    if (!consumed(document)) return invalid_json();

    rank_order(entries, order);

    size_t text = 0;
    for (const Competitor &entry : entries) text += entry.id.size() + entry.name.size();
    Response response(64 + text + entries.size() * 112);
    response.raw("{\"ok\":true,\"result\":{\"entries\":[");
    size_t rank = 0;
    for (size_t position = 0; position < order.size(); position++) {
        const Competitor &entry = entries[order[position]];
        /* Entries equal on all three share a rank, and the next one skips (1, 1, 3). */
        if (position == 0 || !tied(entry, entries[order[position - 1]])) rank = position + 1;
        response.raw(position == 0 ? "{\"rank\":" : ",{\"rank\":");
        response.integer(static_cast<int64_t>(rank));
        response.raw(",\"participantId\":");
        response.string(entry.id);
        if (entry.has_name) {
            response.raw(",\"displayName\":");
            response.string(entry.name);
        }
        response.raw(",\"score\":");
        response.integer(entry.score);
        response.raw(",\"tens\":");
        response.integer(entry.tens);
        response.raw(",\"xs\":");
        response.integer(entry.xs);
        response.raw(",\"arrowCount\":");
        response.integer(entry.arrows);
        response.raw('}');
    }
    response.raw("]}}");
    return response.release();
}

/* ---- participants.resolve ----------------------------------------------------------------- */

namespace {

/* Whether `text` is blank (empty or only Unicode White_Space, as Swift's isBlank: is_blank), the
   usual case (a first byte of ASCII that is not white space) settled inline. */
[[gnu::always_inline]] inline bool blank(string_view text) {
    if (!text.empty()) {
        unsigned char first = static_cast<unsigned char>(text[0]);
        if (first < 0x80 && first != ' ' && (first < 0x09 || first > 0x0D)) return false;
    }
    return is_blank(text);
}

/* Whether `name` is exactly a placeholder, "Archer N", N a positive integer without leading
   zeros (of any length): older clients stored those, and they read as blank. */
bool is_placeholder(string_view name) {
    if (name.size() <= 7 || name.compare(0, 7, "Archer ") != 0 || name[7] == '0') return false;
    for (size_t index = 7; index < name.size(); index++) {
        if (static_cast<unsigned char>(name[index] - '0') >= 10) return false;
    }
    return true;
}

/* The scalars that make one character (grapheme cluster) with an '@' next to them, as Swift
   6.3's String breaks characters (Unicode 16): after it, those of Grapheme_Cluster_Break Extend,
   ZWJ and SpacingMark (rules GB9, GB9a); before it, those of Prepend (GB9b). No other rule joins
   an '@' to its neighbours. Sorted ranges, first and last included. */
struct ScalarRange {
    char32_t first, last;
};

const ScalarRange grapheme_extenders[] = {
    {0x300, 0x36F}, {0x483, 0x489}, {0x591, 0x5BD}, {0x5BF, 0x5BF}, {0x5C1, 0x5C2}, {0x5C4, 0x5C5},
    {0x5C7, 0x5C7}, {0x610, 0x61A}, {0x64B, 0x65F}, {0x670, 0x670}, {0x6D6, 0x6DC}, {0x6DF, 0x6E4},
    {0x6E7, 0x6E8}, {0x6EA, 0x6ED}, {0x711, 0x711}, {0x730, 0x74A}, {0x7A6, 0x7B0}, {0x7EB, 0x7F3},
    {0x7FD, 0x7FD}, {0x816, 0x819}, {0x81B, 0x823}, {0x825, 0x827}, {0x829, 0x82D}, {0x859, 0x85B},
    {0x897, 0x89F}, {0x8CA, 0x8E1}, {0x8E3, 0x903}, {0x93A, 0x93C}, {0x93E, 0x94F}, {0x951, 0x957},
    {0x962, 0x963}, {0x981, 0x983}, {0x9BC, 0x9BC}, {0x9BE, 0x9C4}, {0x9C7, 0x9C8}, {0x9CB, 0x9CD},
    {0x9D7, 0x9D7}, {0x9E2, 0x9E3}, {0x9FE, 0x9FE}, {0xA01, 0xA03}, {0xA3C, 0xA3C}, {0xA3E, 0xA42},
    {0xA47, 0xA48}, {0xA4B, 0xA4D}, {0xA51, 0xA51}, {0xA70, 0xA71}, {0xA75, 0xA75}, {0xA81, 0xA83},
    {0xABC, 0xABC}, {0xABE, 0xAC5}, {0xAC7, 0xAC9}, {0xACB, 0xACD}, {0xAE2, 0xAE3}, {0xAFA, 0xAFF},
    {0xB01, 0xB03}, {0xB3C, 0xB3C}, {0xB3E, 0xB44}, {0xB47, 0xB48}, {0xB4B, 0xB4D}, {0xB55, 0xB57},
    {0xB62, 0xB63}, {0xB82, 0xB82}, {0xBBE, 0xBC2}, {0xBC6, 0xBC8}, {0xBCA, 0xBCD}, {0xBD7, 0xBD7},
    {0xC00, 0xC04}, {0xC3C, 0xC3C}, {0xC3E, 0xC44}, {0xC46, 0xC48}, {0xC4A, 0xC4D}, {0xC55, 0xC56},
    {0xC62, 0xC63}, {0xC81, 0xC83}, {0xCBC, 0xCBC}, {0xCBE, 0xCC4}, {0xCC6, 0xCC8}, {0xCCA, 0xCCD},
    {0xCD5, 0xCD6}, {0xCE2, 0xCE3}, {0xCF3, 0xCF3}, {0xD00, 0xD03}, {0xD3B, 0xD3C}, {0xD3E, 0xD44},
    {0xD46, 0xD48}, {0xD4A, 0xD4D}, {0xD57, 0xD57}, {0xD62, 0xD63}, {0xD81, 0xD83}, {0xDCA, 0xDCA},
    {0xDCF, 0xDD4}, {0xDD6, 0xDD6}, {0xDD8, 0xDDF}, {0xDF2, 0xDF3}, {0xE31, 0xE31}, {0xE33, 0xE3A},
    {0xE47, 0xE4E}, {0xEB1, 0xEB1}, {0xEB3, 0xEBC}, {0xEC8, 0xECE}, {0xF18, 0xF19}, {0xF35, 0xF35},
    {0xF37, 0xF37}, {0xF39, 0xF39}, {0xF3E, 0xF3F}, {0xF71, 0xF84}, {0xF86, 0xF87}, {0xF8D, 0xF97},
    {0xF99, 0xFBC}, {0xFC6, 0xFC6}, {0x102D, 0x1037}, {0x1039, 0x103E}, {0x1056, 0x1059}, {0x105E, 0x1060},
    {0x1071, 0x1074}, {0x1082, 0x1082}, {0x1084, 0x1086}, {0x108D, 0x108D}, {0x109D, 0x109D},
    {0x135D, 0x135F}, {0x1712, 0x1715}, {0x1732, 0x1734}, {0x1752, 0x1753}, {0x1772, 0x1773},
    {0x17B4, 0x17D3}, {0x17DD, 0x17DD}, {0x180B, 0x180D}, {0x180F, 0x180F}, {0x1885, 0x1886},
    {0x18A9, 0x18A9}, {0x1920, 0x192B}, {0x1930, 0x193B}, {0x1A17, 0x1A1B}, {0x1A55, 0x1A5E},
    {0x1A60, 0x1A60}, {0x1A62, 0x1A62}, {0x1A65, 0x1A7C}, {0x1A7F, 0x1A7F}, {0x1AB0, 0x1ADD},
    {0x1AE0, 0x1AEB}, {0x1B00, 0x1B04}, {0x1B34, 0x1B44}, {0x1B6B, 0x1B73}, {0x1B80, 0x1B82},
    {0x1BA1, 0x1BAD}, {0x1BE6, 0x1BF3}, {0x1C24, 0x1C37}, {0x1CD0, 0x1CD2}, {0x1CD4, 0x1CE8},
    {0x1CED, 0x1CED}, {0x1CF4, 0x1CF4}, {0x1CF7, 0x1CF9}, {0x1DC0, 0x1DFF}, {0x200C, 0x200D},
    {0x20D0, 0x20F0}, {0x2CEF, 0x2CF1}, {0x2D7F, 0x2D7F}, {0x2DE0, 0x2DFF}, {0x302A, 0x302F},
    {0x3099, 0x309A}, {0xA66F, 0xA672}, {0xA674, 0xA67D}, {0xA69E, 0xA69F}, {0xA6F0, 0xA6F1},
    {0xA802, 0xA802}, {0xA806, 0xA806}, {0xA80B, 0xA80B}, {0xA823, 0xA827}, {0xA82C, 0xA82C},
    {0xA880, 0xA881}, {0xA8B4, 0xA8C5}, {0xA8E0, 0xA8F1}, {0xA8FF, 0xA8FF}, {0xA926, 0xA92D},
    {0xA947, 0xA953}, {0xA980, 0xA983}, {0xA9B3, 0xA9C0}, {0xA9E5, 0xA9E5}, {0xAA29, 0xAA36},
    {0xAA43, 0xAA43}, {0xAA4C, 0xAA4D}, {0xAA7C, 0xAA7C}, {0xAAB0, 0xAAB0}, {0xAAB2, 0xAAB4},
    {0xAAB7, 0xAAB8}, {0xAABE, 0xAABF}, {0xAAC1, 0xAAC1}, {0xAAEB, 0xAAEF}, {0xAAF5, 0xAAF6},
    {0xABE3, 0xABEA}, {0xABEC, 0xABED}, {0xFB1E, 0xFB1E}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F},
    {0xFF9E, 0xFF9F}, {0x101FD, 0x101FD}, {0x102E0, 0x102E0}, {0x10376, 0x1037A}, {0x10A01, 0x10A03},
    {0x10A05, 0x10A06}, {0x10A0C, 0x10A0F}, {0x10A38, 0x10A3A}, {0x10A3F, 0x10A3F}, {0x10AE5, 0x10AE6},
    {0x10D24, 0x10D27}, {0x10D69, 0x10D6D}, {0x10EAB, 0x10EAC}, {0x10EFA, 0x10EFF}, {0x10F46, 0x10F50},
    {0x10F82, 0x10F85}, {0x11000, 0x11002}, {0x11038, 0x11046}, {0x11070, 0x11070}, {0x11073, 0x11074},
    {0x1107F, 0x11082}, {0x110B0, 0x110BA}, {0x110C2, 0x110C2}, {0x11100, 0x11102}, {0x11127, 0x11134},
    {0x11145, 0x11146}, {0x11173, 0x11173}, {0x11180, 0x11182}, {0x111B3, 0x111C0}, {0x111C9, 0x111CC},
    {0x111CE, 0x111CF}, {0x1122C, 0x11237}, {0x1123E, 0x1123E}, {0x11241, 0x11241}, {0x112DF, 0x112EA},
    {0x11300, 0x11303}, {0x1133B, 0x1133C}, {0x1133E, 0x11344}, {0x11347, 0x11348}, {0x1134B, 0x1134D},
    {0x11357, 0x11357}, {0x11362, 0x11363}, {0x11366, 0x1136C}, {0x11370, 0x11374}, {0x113B8, 0x113C0},
    {0x113C2, 0x113C2}, {0x113C5, 0x113C5}, {0x113C7, 0x113CA}, {0x113CC, 0x113D0}, {0x113D2, 0x113D2},
    {0x113E1, 0x113E2}, {0x11435, 0x11446}, {0x1145E, 0x1145E}, {0x114B0, 0x114C3}, {0x115AF, 0x115B5},
    {0x115B8, 0x115C0}, {0x115DC, 0x115DD}, {0x11630, 0x11640}, {0x116AB, 0x116B7}, {0x1171D, 0x1171F},
    {0x11722, 0x1172B}, {0x1182C, 0x1183A}, {0x11930, 0x11935}, {0x11937, 0x11938}, {0x1193B, 0x1193E},
    {0x11940, 0x11940}, {0x11942, 0x11943}, {0x119D1, 0x119D7}, {0x119DA, 0x119E0}, {0x119E4, 0x119E4},
    {0x11A01, 0x11A0A}, {0x11A33, 0x11A39}, {0x11A3B, 0x11A3E}, {0x11A47, 0x11A47}, {0x11A51, 0x11A5B},
    {0x11A8A, 0x11A99}, {0x11B60, 0x11B67}, {0x11C2F, 0x11C36}, {0x11C38, 0x11C3F}, {0x11C92, 0x11CA7},
    {0x11CA9, 0x11CB6}, {0x11D31, 0x11D36}, {0x11D3A, 0x11D3A}, {0x11D3C, 0x11D3D}, {0x11D3F, 0x11D45},
    {0x11D47, 0x11D47}, {0x11D8A, 0x11D8E}, {0x11D90, 0x11D91}, {0x11D93, 0x11D97}, {0x11EF3, 0x11EF6},
    {0x11F00, 0x11F01}, {0x11F03, 0x11F03}, {0x11F34, 0x11F3A}, {0x11F3E, 0x11F42}, {0x11F5A, 0x11F5A},
    {0x13440, 0x13440}, {0x13447, 0x13455}, {0x1611E, 0x1612F}, {0x16AF0, 0x16AF4}, {0x16B30, 0x16B36},
    {0x16F4F, 0x16F4F}, {0x16F51, 0x16F87}, {0x16F8F, 0x16F92}, {0x16FE4, 0x16FE4}, {0x16FF0, 0x16FF1},
    {0x1BC9D, 0x1BC9E}, {0x1CF00, 0x1CF2D}, {0x1CF30, 0x1CF46}, {0x1D165, 0x1D169}, {0x1D16D, 0x1D172},
    {0x1D17B, 0x1D182}, {0x1D185, 0x1D18B}, {0x1D1AA, 0x1D1AD}, {0x1D242, 0x1D244}, {0x1DA00, 0x1DA36},
    {0x1DA3B, 0x1DA6C}, {0x1DA75, 0x1DA75}, {0x1DA84, 0x1DA84}, {0x1DA9B, 0x1DA9F}, {0x1DAA1, 0x1DAAF},
    {0x1E000, 0x1E006}, {0x1E008, 0x1E018}, {0x1E01B, 0x1E021}, {0x1E023, 0x1E024}, {0x1E026, 0x1E02A},
    {0x1E08F, 0x1E08F}, {0x1E130, 0x1E136}, {0x1E2AE, 0x1E2AE}, {0x1E2EC, 0x1E2EF}, {0x1E4EC, 0x1E4EF},
    {0x1E5EE, 0x1E5EF}, {0x1E6E3, 0x1E6E3}, {0x1E6E6, 0x1E6E6}, {0x1E6EE, 0x1E6EF}, {0x1E6F5, 0x1E6F5},
    {0x1E8D0, 0x1E8D6}, {0x1E944, 0x1E94A}, {0x1F3FB, 0x1F3FF}, {0xE0020, 0xE007F}, {0xE0100, 0xE01EF},
};
const ScalarRange grapheme_prepends[] = {
    {0x600, 0x605}, {0x6DD, 0x6DD}, {0x70F, 0x70F}, {0x890, 0x891}, {0x8E2, 0x8E2}, {0xD4E, 0xD4E},
    {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x111C2, 0x111C3}, {0x113D1, 0x113D1}, {0x1193F, 0x1193F},
    {0x11941, 0x11941}, {0x11A84, 0x11A89}, {0x11D46, 0x11D46}, {0x11F02, 0x11F02},
};

/* Whether `scalar` is in one of `ranges`. */
template <size_t count>
bool in_ranges(const ScalarRange (&ranges)[count], char32_t scalar) {
    const ScalarRange *range = std::upper_bound(ranges, ranges + count, scalar, [](char32_t value, const ScalarRange &item) { return value < item.first; });
    return range != ranges && scalar <= range[-1].last;
}

/* The scalar whose UTF-8 starts at `at` (valid UTF-8). */
char32_t scalar_at(const unsigned char *at) {
    if (at[0] < 0x80) return at[0];
    if (at[0] < 0xE0) return char32_t(at[0] & 0x1F) << 6 | (at[1] & 0x3F);
    if (at[0] < 0xF0) return char32_t(at[0] & 0x0F) << 12 | char32_t(at[1] & 0x3F) << 6 | (at[2] & 0x3F);
    return char32_t(at[0] & 0x07) << 18 | char32_t(at[1] & 0x3F) << 12 | char32_t(at[2] & 0x3F) << 6 | (at[3] & 0x3F);
}

/* The part of `email` before its first '@' character (all of it without one), as Swift's
   `email.prefix { $0 != "@" }`: an '@' byte is such a character unless the scalar before it is a
   prepend or the one after it an extender (an '@' with a combining accent is another character).
   Checked only where a neighbour is not ASCII: no ASCII scalar joins an '@'. */
string_view local_part(string_view email) {
    const unsigned char *bytes = reinterpret_cast<const unsigned char *>(email.data());
    size_t size = email.size(), from = 0;
    while (const void *found = from < size ? std::memchr(bytes + from, '@', size - from) : nullptr) {
        size_t at = static_cast<size_t>(static_cast<const unsigned char *>(found) - bytes);
        bool alone = true;
        if (at + 1 < size && bytes[at + 1] >= 0x80) {
            alone = !in_ranges(grapheme_extenders, scalar_at(bytes + at + 1));
        }
        if (alone && at > 0 && bytes[at - 1] >= 0x80) {
            size_t lead = at - 1;
            while ((bytes[lead] & 0xC0) == 0x80) lead--;
            alone = !in_ranges(grapheme_prepends, scalar_at(bytes + lead));
        }
        if (alone) return email.substr(0, at);
        from = at + 1;
    }
    return email;
}

/* The signed-in user as read: `uid` required, `displayName` and `email` optional. */
struct SignedInUser {
    bool present = false, has_name = false, has_email = false;
    string_view uid, name, email;
};

/* Reads `currentUser` (null: nobody signed in); false if invalid. */
bool read_signed_in_user(simdjson::ondemand::value value, SignedInUser &user) {
    user = SignedInUser();  // a repeated member: the last one counts
    if (is_null(value)) return true;
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return false;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        string_view key;
        if (field.unescaped_key().get(key) != simdjson::SUCCESS) return false;
        if (key == "uid") {
            if (field.value().get_string().get(user.uid) != simdjson::SUCCESS) return false;
            user.present = true;
        } else if (key == "displayName") {
            if (!optional_string(field.value(), user.name, user.has_name)) return false;
        } else if (key == "email") {
            if (!optional_string(field.value(), user.email, user.has_email)) return false;
        }
    }
    return user.present;
}

/* The name the signed-in user sees on their own entry: their displayName if not blank, else
   the part of their email before the '@' if not blank; empty when neither (a placeholder then). */
string_view own_name(const SignedInUser &user) {
    if (!user.present) return string_view();
    if (user.has_name && !blank(user.name)) return user.name;
    if (user.has_email) {
        string_view local = local_part(user.email);
        if (!blank(local)) return local;
    }
    return string_view();
}

/* A participant document of the subcollection as read. */
struct StoredParticipant {
    string_view id, name;
    int64_t joined_at = 0;
    bool has_joined_at = false, is_creator = false;
};

/* Reads one: participantId (non-empty string) required; displayName (string), joinedAt
   (integer) and isCreator (boolean) optional; other members (emails...) ignored, never returned. */
bool read_stored_participant(simdjson::ondemand::value value, StoredParticipant &entry) {
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return false;
    bool has_id = false;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        string_view key;
        if (field.unescaped_key().get(key) != simdjson::SUCCESS) return false;
        if (key == "participantId") {
            if (field.value().get_string().get(entry.id) != simdjson::SUCCESS || entry.id.empty()) return false;
            has_id = true;
        } else if (key == "displayName") {
            bool present = false;
            if (!optional_string(field.value(), entry.name, present)) return false;
        } else if (key == "joinedAt") {
            simdjson::ondemand::value joined = field.value();
            entry.has_joined_at = !is_null(joined);
            if (entry.has_joined_at && !integer(joined, entry.joined_at)) return false;
        } else if (key == "isCreator") {
            if (!optional_bool(field.value(), entry.is_creator)) return false;
        }
    }
    return has_id;
}

/* What the bytes of an ID tell, found in one pass eight bytes at a time: a hash of them (for the
   repeats), and whether any is special: a '/' (no document ID) or a byte that JSON escapes (a
   quote, a backslash, a control character). IDs without any, nearly all, are written as they
   are. */
struct IdBytes {
    uint64_t hash;
    bool special;
};

[[gnu::always_inline]] inline IdBytes inspect_id(string_view id) {
    const uint64_t ones = 0x0101010101010101ULL, high = ones * 0x80, multiplier = 0x9E3779B97F4A7C15ULL;
    uint64_t hash = id.size() * multiplier, special = 0;
    auto take = [&](uint64_t word) {
        uint64_t slash = word ^ (ones * '/'), quote = word ^ (ones * '"'), backslash = word ^ (ones * '\\');
        special |= ((slash - ones) & ~slash) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | ((word - ones * 0x20) & ~word);
        hash = (hash ^ word) * multiplier;
        hash ^= hash >> 32;
    };
    size_t size = id.size(), index = 0;
    uint64_t word;
    if (size >= 8) {
        for (; index + 8 <= size; index += 8) {
            std::memcpy(&word, id.data() + index, 8);
            take(word);
        }
        if (index < size) {
            std::memcpy(&word, id.data() + size - 8, 8);  // the last eight, overlapping
            take(word);
        }
    } else {
        word = ones * 'a';  // bytes that are not special
        std::memcpy(&word, id.data(), size);
        take(word);
    }
    hash *= 0xFF51AFD7ED558CCDULL;
    return {hash ^ hash >> 29, (special & high) != 0};
}

/* Why `id` cannot be a Firestore document ID, in the core's words, or NULL: empty, longer than
   1,500 bytes, a '/', "." or "..", or the reserved form __…__. `special`: from inspect_id (no
   '/' without it). */
[[gnu::cold]] const char *document_id_problem_of(string_view id, bool special) {
    size_t count = id.size();
    if (count == 0) return "A document ID cannot be empty.";
    if (count > 1500) return "A document ID cannot be longer than 1500 bytes.";
    if (special && std::memchr(id.data(), '/', count) != nullptr) return "A document ID cannot contain '/'.";
    if (count <= 2 && id[0] == '.' && id[count - 1] == '.') return "A document ID cannot be '.' or '..'.";
    if (count >= 4 && id[0] == '_' && id[1] == '_' && id[count - 2] == '_' && id[count - 1] == '_') {
        return "A document ID cannot have the reserved form __...__.";
    }
    return nullptr;
}

/* The same, with the usual ID settled inline: 3 to 1,500 bytes, none special, not starting
   with '_' (only shorter ones can be "." or "..", only those starting with '_' reserved). */
[[gnu::always_inline]] inline const char *document_id_problem(string_view id, bool special) {
    if (simdjson_likely(id.size() - 3 <= 1500 - 3 && !special && id[0] != '_')) return nullptr;
    return document_id_problem_of(id, special);
}

/* A participant rebuilt from participantIds: its ID, and whether it is written as it is. */
struct LegacyParticipant {
    string_view id;
    bool plain;
};

/* The IDs kept so far, to keep the first occurrence of each (the same bytes): an open-addressing
   table, at most half full, of their hashes' high halves and their positions in the list kept
   (plus one: 0 is a free slot), its memory kept between calls. */
class FirstOccurrences {
  public:
    void reset(size_t count) {
        size_t capacity = 16;
        while (capacity < 2 * count) capacity *= 2;
        slots_.resize(capacity);
        std::memset(slots_.data(), 0, capacity * sizeof(Slot));
        mask_ = capacity - 1;
    }

    /* Whether `id` is met for the first time; if so, it is remembered as the next of `kept`. */
    bool insert(string_view id, uint64_t hash, const std::vector<LegacyParticipant> &kept) {
        uint32_t tag = static_cast<uint32_t>(hash >> 32);
        for (size_t index = hash & mask_;; index = (index + 1) & mask_) {
            Slot &slot = slots_[index];
            if (slot.position == 0) {
                slot.tag = tag;
                slot.position = static_cast<uint32_t>(kept.size() + 1);
                return true;
            }
            if (slot.tag == tag && kept[slot.position - 1].id == id) return false;
        }
    }

  private:
    struct Slot {
        uint32_t tag, position;
    };
    std::vector<Slot> slots_;
    size_t mask_ = 0;
};

/* Writes `part`, usually a few bytes, at `out` inline (two overlapping moves: a call to memcpy
   costs more than such a copy); returns where it ends. */
[[gnu::always_inline]] inline char *put(char *out, string_view part) {
    size_t count = part.size();
    const char *from = part.data();
    auto move = [&](auto block, size_t offset) {  // sizeof block bytes at offset, loaded then stored
        std::memcpy(&block, from + offset, sizeof block);
        std::memcpy(out + offset, &block, sizeof block);
    };
    struct Bytes16 {
        uint64_t half[2];
    };
    struct Bytes32 {
        uint64_t quarter[4];
    };
    if (count >= 16 && count <= 64) {
        if (count <= 32) {
            move(Bytes16(), 0);
            move(Bytes16(), count - 16);
        } else {
            move(Bytes32(), 0);
            move(Bytes32(), count - 32);
        }
    } else if (count >= 8 && count < 16) {
        move(uint64_t(), 0);
        move(uint64_t(), count - 8);
    } else if (count >= 4 && count < 8) {
        move(uint32_t(), 0);
        move(uint32_t(), count - 4);
    } else if (count < 4) {
        for (size_t index = 0; index < count; index++) out[index] = from[index];
    } else {
        std::memcpy(out, from, count);
    }
    return out + count;
}

/* Writes a literal at `out`; returns where it ends. */
template <size_t size>
[[gnu::always_inline]] inline char *put_literal(char *out, const char (&literal)[size]) {
    std::memcpy(out, literal, size - 1);
    return out + size - 1;
}

/* The display name at `index` of a list: `own` (the signed-in user's own entry, when they have
   a usable name), else "Archer N", N = index + 1. */
void write_display_name(Response &response, size_t index, string_view own) {
    if (!own.empty()) {
        response.string(own);
        return;
    }
    response.raw("\"Archer ");
    response.integer(static_cast<int64_t>(index + 1));
    response.raw('"');
}

/* The numbers of placeholders, 1, 2, 3..., in decimal, each made from the one before. */
class PlaceholderNumber {
  public:
    PlaceholderNumber() { digits_[sizeof digits_ - 1] = '1'; }

    string_view text() const { return string_view(digits_ + first_, sizeof digits_ - first_); }

    void next() {
        for (size_t index = sizeof digits_; index-- > first_;) {
            if (digits_[index] != '9') {
                digits_[index]++;
                return;
            }
            digits_[index] = '0';
        }
        digits_[--first_] = '1';
    }

  private:
    char digits_[24];  // the number in its last bytes, from first_ on
    size_t first_ = sizeof digits_ - 1;
};

const char no_repair[] = "],\"repair\":{\"needed\":false,\"writes\":[]}}}";

/* The subcollection, in order and in the participant shape: a blank or placeholder name takes
   the display-name rule for its position. */
char *write_subcollection(const std::vector<StoredParticipant> &stored, const SignedInUser &user) {
    string_view own = own_name(user);
    size_t text = 0;
    for (const StoredParticipant &entry : stored) text += entry.id.size() + entry.name.size();
    Response response(128 + text + stored.size() * 96);
    response.raw("{\"ok\":true,\"result\":{\"source\":\"subcollection\",\"participants\":[");
    for (size_t index = 0; index < stored.size(); index++) {
        const StoredParticipant &entry = stored[index];
        response.raw(index == 0 ? "{\"participantId\":" : ",{\"participantId\":");
        response.string(entry.id);
        response.raw(",\"displayName\":");
        if (blank(entry.name) || is_placeholder(entry.name)) {
            write_display_name(response, index, user.present && entry.id == user.uid ? own : string_view());
        } else {
            response.string(entry.name);
        }
        if (entry.has_joined_at) {
            response.raw(",\"joinedAt\":");
            response.integer(entry.joined_at);
        }
        response.raw(entry.is_creator ? ",\"isCreator\":true}" : ",\"isCreator\":false}");
    }
    response.raw(no_repair);
    return response.release();
}

}  // namespace

extern "C" char *simdjson_participants_resolve(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    /* currentUser, now and tournamentId may come after the lists, and which list is used depends
       on the subcollection: both are kept (as views) until the whole request is read. */
    thread_local std::vector<StoredParticipant> stored;
    thread_local std::vector<string_view> ids;  // participantIds, null as empty (both skipped)
    stored.clear();
    ids.clear();
    SignedInUser user;
    string_view tournament_id;
    bool has_tournament = false, has_now = false;
    int64_t now = 0;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        string_view key;  // decoded: "n\u0061me" is "name" (the few keys of this method)
        if (field.unescaped_key().get(key) != simdjson::SUCCESS) return invalid_json();
        if (key == "participantIds") {
            ids.clear();
            simdjson::ondemand::value value = field.value();
            if (is_null(value)) continue;
            simdjson::ondemand::array list;
            if (value.get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.participantIds");
            for (auto element : list) {
                simdjson::ondemand::value item;
                string_view id;
                if (std::move(element).get(item) != simdjson::SUCCESS) return invalid_json();
                if (simdjson_unlikely(item.get_string().get(id) != simdjson::SUCCESS)) {
                    if (!is_null(item)) return invalid_request("Invalid participant ID.", "$.participantIds");
                    id = string_view();
                }
                ids.push_back(id);
            }
        } else if (key == "participants") {
            stored.clear();
            simdjson::ondemand::value value = field.value();
            if (is_null(value)) continue;
            simdjson::ondemand::array list;
            if (value.get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.participants");
            for (auto element : list) {
                simdjson::ondemand::value item;
                StoredParticipant entry;
                if (std::move(element).get(item) != simdjson::SUCCESS || !read_stored_participant(item, entry)) {
                    return invalid_request("Invalid participant.", "$.participants");
                }
                stored.push_back(entry);
            }
        } else if (key == "tournamentId") {
            if (field.value().get_string().get(tournament_id) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.tournamentId");
            has_tournament = true;
        } else if (key == "currentUser") {
            if (!read_signed_in_user(field.value(), user)) return invalid_request("Invalid request.", "$.currentUser");
        } else if (key == "now") {
            simdjson::ondemand::value value = field.value();
            has_now = !is_null(value);
            if (has_now && !timestamp(value, now)) return invalid_request("Invalid request.", "$.now");
        }
    }
    if (!has_tournament) return invalid_request("Missing required field \"tournamentId\".", "$.tournamentId");
    if (!consumed(document)) return invalid_json();
    IdBytes tournament = inspect_id(tournament_id);
    if (const char *problem = document_id_problem(tournament_id, tournament.special)) return invalid_request(problem, "$.tournamentId");
    if (!stored.empty()) return write_subcollection(stored, user);

    /* The legacy list: blank IDs skipped, repeats kept once at their first position, each kept
       ID a document ID (checked in that order, so the first problem is the core's). */
    thread_local std::vector<LegacyParticipant> kept;
    thread_local FirstOccurrences met;
    kept.clear();
    met.reset(ids.size());
    size_t text = 0, own_index = SIZE_MAX;
    uint64_t user_hash = user.present ? inspect_id(user.uid).hash : 0;
    for (size_t position = 0; position < ids.size(); position++) {
        string_view id = ids[position];
        if (blank(id)) continue;
        IdBytes bytes = inspect_id(id);
        if (!met.insert(id, bytes.hash, kept)) continue;
        if (const char *problem = document_id_problem(id, bytes.special)) {
            char path[48] = "$.participantIds[";
            char *digits = std::to_chars(path + 17, path + 40, position).ptr;
            digits[0] = ']';
            digits[1] = '\0';
            return invalid_request(problem, path);
        }
        if (user.present && bytes.hash == user_hash && id == user.uid) own_index = kept.size();
        kept.push_back({id, !bytes.special});  // special, yet a document ID: a byte to escape
        text += id.size();
    }
    if (kept.empty()) {
        Response response(128);
        response.raw("{\"ok\":true,\"result\":{\"source\":\"none\",\"participants\":[");
        response.raw(no_repair);
        return response.release();
    }

    if (!has_now) now = clock_milliseconds();
    /* What follows each participant's name and each write's data: joinedAt, then isCreator. */
    char joined[48] = ",\"joinedAt\":";
    char *end = std::to_chars(joined + 12, joined + 32, now).ptr;
    std::memcpy(end, ",\"isCreator\":", 13);
    string_view joined_at(joined, static_cast<size_t>(end + 13 - joined));
    /* The repair stores the signed-in user's chosen name only: not blank, not a placeholder. */
    string_view own = own_name(user), chosen = user.has_name && !blank(user.name) && !is_placeholder(user.name) ? user.name : string_view();
    /* The writes' paths start alike: their head is made once (when the tournament ID is written
       as it is; otherwise each path is escaped whole). */
    thread_local std::string path_text;
    path_text.assign("{\"path\":\"tournaments/").append(tournament_id).append("/participants/");
    /* Locals, not the vectors and strings kept between calls: the compiler must assume that
       what is written through a char * may change those, and would reload them after each store. */
    string_view path = path_text;
    const LegacyParticipant *list = kept.data();
    size_t count = kept.size();

    Response response(128 + own.size() + chosen.size() + 3 * text + count * (148 + 2 * joined_at.size() + path.size()));
    response.raw("{\"ok\":true,\"result\":{\"source\":\"participantIds\",\"participants\":[");
    PlaceholderNumber number;
    for (size_t index = 0; index < count; index++, number.next()) {
        const LegacyParticipant &participant = list[index];
        if (index > 0) response.raw(',');
        if (simdjson_likely(participant.plain && index != own_index)) {
            /* The usual participant, its pieces written as they are in room claimed once. */
            char *out = response.claim(participant.id.size() + joined_at.size() + 96);
            if (out == nullptr) break;
            out = put_literal(out, "{\"participantId\":\"");
            out = put(out, participant.id);
            out = put_literal(out, "\",\"displayName\":\"Archer ");
            out = put(out, number.text());
            *out++ = '"';
            out = put(out, joined_at);
            out = index == 0 ? put_literal(out, "true}") : put_literal(out, "false}");
            response.advance(out);
            continue;
        }
        response.raw("{\"participantId\":");
        response.string(participant.id);
        response.raw(",\"displayName\":");
        if (index == own_index && !own.empty()) {
            response.string(own);
        } else {
            response.raw("\"Archer ");
            response.raw(number.text());
            response.raw('"');
        }
        response.raw(joined_at);
        response.raw(index == 0 ? "true}" : "false}");
    }
    response.raw("],\"repair\":{\"needed\":true,\"writes\":[");
    for (size_t index = 0; index < count; index++) {
        const LegacyParticipant &participant = list[index];
        if (index > 0) response.raw(',');
        if (simdjson_likely(participant.plain && !tournament.special && !(index == own_index && !chosen.empty()))) {
            /* The usual write: the path's head made once, the ID written as it is. */
            char *out = response.claim(2 * participant.id.size() + path.size() + joined_at.size() + 96);
            if (out == nullptr) break;
            out = put(out, path);
            out = put(out, participant.id);
            out = put_literal(out, "\",\"merge\":true,\"data\":{\"participantId\":\"");
            out = put(out, participant.id);
            *out++ = '"';
            out = put(out, joined_at);
            out = index == 0 ? put_literal(out, "true}}") : put_literal(out, "false}}");
            response.advance(out);
            continue;
        }
        thread_local std::string whole;
        whole.assign("tournaments/").append(tournament_id).append("/participants/").append(participant.id);
        response.raw("{\"path\":");
        response.string(whole);
        response.raw(",\"merge\":true,\"data\":{\"participantId\":");
        response.string(participant.id);
        if (index == own_index && !chosen.empty()) {
            response.raw(",\"displayName\":");
            response.string(chosen);
        }
        response.raw(joined_at);
        response.raw(index == 0 ? "true}}" : "false}}");
    }
    response.raw("]}}}");
    return response.release();
}

/* ---- matches.sections --------------------------------------------------------------------- */

#ifdef TC_PEER_DATE_TZ

namespace {

/* A fixture as read, a v4 match or a favourite record: its strings views into the parser's
   buffers (team names "N/A" when unknown), its goals 0 when unknown. */
struct Fixture {
    int64_t id = 0, matchday = 0, home_goals = 0, away_goals = 0;
    string_view utc_date, home_name = "N/A", away_name = "N/A", home_crest, away_crest;
    bool has_utc_date = false, has_matchday = false, has_home_crest = false, has_away_crest = false, played = false;
    string_view called_off;  // "Postponed", "Suspended" or "Cancelled" for those statuses, else empty
};

/* An optional object: null is absent (true, `present` false); false if neither. */
[[gnu::always_inline]] inline bool object_or_null(simdjson::ondemand::value value, simdjson::ondemand::object &out, bool &present) {
    present = value.get_object().get(out) == simdjson::SUCCESS;
    return present || is_null(value);
}

/* Matchdays and goals: integers 0…2147483647 (null: absent, `present` false). */
bool optional_goals(simdjson::ondemand::value value, int64_t &out, bool &present) {
    if (simdjson_likely(value.get_int64().get(out) == simdjson::SUCCESS)) {
        present = true;
        return out >= 0 && out <= INT32_MAX;
    }
    present = !is_null(value);
    return !present || (integer_otherwise(value, out) && out >= 0 && out <= INT32_MAX);
}

/* A winner: HOME_TEAM, AWAY_TEAM or DRAW, or null (not played). */
bool read_winner(simdjson::ondemand::value value, bool &played) {
    string_view winner;
    if (!optional_string(value, winner, played)) return false;
    return !played || winner == "HOME_TEAM" || winner == "AWAY_TEAM" || winner == "DRAW";
}

/* An optional string the response does not show (competition's name and code): its type. */
bool optional_string_member(simdjson::ondemand::value value) {
    string_view ignored;
    bool present;
    return optional_string(value, ignored, present);
}

/* A team of a v4 match (null: unknown): name and crest, both optional. */
bool read_team(simdjson::ondemand::value value, string_view &name, string_view &crest, bool &has_crest) {
    name = "N/A";  // a repeated member: the last one counts
    has_crest = false;
    simdjson::ondemand::object team;
    bool present;
    if (!object_or_null(value, team, present)) return false;
    if (!present) return true;
    for (auto member : team) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "name") {
            if (!optional_string(field.value(), name, present)) return false;
            if (!present) name = "N/A";
        } else if (key == "crest") {
            if (!optional_string(field.value(), crest, has_crest)) return false;
        }
    }
    return true;
}

/* A v4 match's score (null: unknown): winner, and fullTime's home and away goals. */
bool read_score(simdjson::ondemand::value value, Fixture &match) {
    match.played = false;
    match.home_goals = match.away_goals = 0;
    simdjson::ondemand::object score;
    bool present;
    if (!object_or_null(value, score, present)) return false;
    if (!present) return true;
    for (auto member : score) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "winner") {
            if (!read_winner(field.value(), match.played)) return false;
        } else if (key == "fullTime") {
            match.home_goals = match.away_goals = 0;
            simdjson::ondemand::object full_time;
            if (!object_or_null(field.value(), full_time, present)) return false;
            if (!present) continue;
            for (auto side : full_time) {
                simdjson::ondemand::field entry;
                if (std::move(side).get(entry) != simdjson::SUCCESS) return false;
                simdjson::ondemand::raw_json_string name = entry.key();
                int64_t *goals = name == "home" ? &match.home_goals : name == "away" ? &match.away_goals : nullptr;
                if (goals != nullptr && !optional_goals(entry.value(), *goals = 0, present)) return false;
            }
        }
    }
    return true;
}

/* Reads a v4 match: id (integer) required; utcDate, matchday, status, the teams, score and
   competition optional (null: unknown); other members (area, season, odds...) ignored. */
bool read_match(simdjson::ondemand::value value, Fixture &match) {
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return false;
    bool has_id = false;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        /* Most members of a v4 match are not read (area, season, stage, odds...): one byte of
           the key rules out most of them before any is compared. */
        char first = key.raw()[0];
        if (first != 'i' && first != 'u' && first != 'm' && first != 's' && first != 'h' && first != 'a' && first != 'c') continue;
        bool valid = true;
        if (key == "id") {
            valid = has_id = integer(field.value(), match.id);
        } else if (key == "utcDate") {
            valid = optional_string(field.value(), match.utc_date, match.has_utc_date);
        } else if (key == "matchday") {
            valid = optional_goals(field.value(), match.matchday, match.has_matchday);
        } else if (key == "status") {
            string_view status;
            bool present;
            valid = optional_string(field.value(), status, present);
            match.called_off = status == "POSTPONED" ? "Postponed" : status == "SUSPENDED" ? "Suspended" : status == "CANCELLED" ? "Cancelled" : "";
        } else if (key == "homeTeam") {
            valid = read_team(field.value(), match.home_name, match.home_crest, match.has_home_crest);
        } else if (key == "awayTeam") {
            valid = read_team(field.value(), match.away_name, match.away_crest, match.has_away_crest);
        } else if (key == "score") {
            valid = read_score(field.value(), match);
        } else if (key == "competition") {
            simdjson::ondemand::object parts;
            bool present;
            if (!object_or_null(field.value(), parts, present)) return false;
            if (!present) continue;
            for (auto part : parts) {
                simdjson::ondemand::field entry;
                if (std::move(part).get(entry) != simdjson::SUCCESS) return false;
                simdjson::ondemand::raw_json_string name = entry.key();
                if ((name == "name" || name == "code") && !optional_string_member(entry.value())) return false;
            }
        }
        if (!valid) return false;
    }
    return has_id;
}

/* Reads a favourite record: id (integer) required, the other eleven optional (null: unknown);
   members beyond them (which the core keeps) are not shown here. */
bool read_record(simdjson::ondemand::value value, Fixture &record) {
    simdjson::ondemand::object object;
    if (value.get_object().get(object) != simdjson::SUCCESS) return false;
    bool has_id = false, present = false;
    for (auto member : object) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return false;
        simdjson::ondemand::raw_json_string key = field.key();
        bool valid = true;
        if (key == "id") {
            valid = has_id = integer(field.value(), record.id);
        } else if (key == "homeTeamImage") {
            valid = optional_string(field.value(), record.home_crest, record.has_home_crest);
        } else if (key == "awayTeamImage") {
            valid = optional_string(field.value(), record.away_crest, record.has_away_crest);
        } else if (key == "homeTeamName") {
            valid = optional_string(field.value(), record.home_name, present);
            if (!present) record.home_name = "N/A";
        } else if (key == "awayTeamName") {
            valid = optional_string(field.value(), record.away_name, present);
            if (!present) record.away_name = "N/A";
        } else if (key == "utcDate") {
            valid = optional_string(field.value(), record.utc_date, record.has_utc_date);
        } else if (key == "matchday") {
            valid = optional_goals(field.value(), record.matchday, record.has_matchday);
        } else if (key == "winner") {
            valid = read_winner(field.value(), record.played);
        } else if (key == "fullTimeScoreHome") {
            valid = optional_goals(field.value(), record.home_goals = 0, present);
        } else if (key == "fullTimeScoreAway") {
            valid = optional_goals(field.value(), record.away_goals = 0, present);
        } else if (key == "competitionCode" || key == "competitionName") {
            valid = optional_string_member(field.value());
        }
        if (!valid) return false;
    }
    return has_id;
}

/* Reads an array of fixtures (null: none) with `read`; NULL, or the error response. */
template <typename Read>
char *read_fixtures(simdjson::ondemand::value value, const char *path, const char *invalid, std::vector<Fixture> &list, Read read) {
    list.clear();  // a repeated member: the last one counts
    if (is_null(value)) return nullptr;
    simdjson::ondemand::array array;
    if (value.get_array().get(array) != simdjson::SUCCESS) return invalid_request("Invalid request.", path);
    for (auto element : array) {
        simdjson::ondemand::value item;
        Fixture fixture;
        if (std::move(element).get(item) != simdjson::SUCCESS || !read(item, fixture)) return invalid_request(invalid, path);
        list.push_back(fixture);
    }
    return nullptr;
}

/* The milliseconds since the epoch of an RFC 3339 date-time, as the contract reads one:
   YYYY-MM-DDTHH:MM:SS, an optional fraction (its first three digits kept), then Z or ±HH:MM (T
   and Z in either case); the date must exist and the time be 00:00:00–23:59:59. False if the
   text is no such date-time ("unparsable"). */
bool kickoff_milliseconds(string_view text, int64_t &out) {
    const char *at = text.data(), *end = at + text.size();
    auto number = [&](int count, int &value) {
        if (end - at < count) return false;
        value = 0;
        for (int index = 0; index < count; index++, at++) {
            if (static_cast<unsigned char>(*at - '0') >= 10) return false;
            value = value * 10 + (*at - '0');
        }
        return true;
    };
    auto expect = [&](char one, char other) {
        if (at == end || (*at != one && *at != other)) return false;
        at++;
        return true;
    };
    int year, month, day, hour, minute, second;
    if (!number(4, year) || !expect('-', '-') || !number(2, month) || !expect('-', '-') || !number(2, day) || !expect('T', 't') ||
        !number(2, hour) || !expect(':', ':') || !number(2, minute) || !expect(':', ':') || !number(2, second) || hour >= 24 || minute >= 60 ||
        second >= 60) {
        return false;
    }
    date::year_month_day date{date::year(year), date::month(static_cast<unsigned>(month)), date::day(static_cast<unsigned>(day))};
    if (!date.ok()) return false;
    int milliseconds = 0;
    if (expect('.', '.')) {
        const char *digits = at;
        for (int scale = 100; at != end && static_cast<unsigned char>(*at - '0') < 10; at++, scale /= 10) milliseconds += scale * (*at - '0');
        if (at == digits) return false;
    }
    int offset = 0;
    if (!expect('Z', 'z')) {
        if (at == end) return false;
        int sign = *at == '-' ? -1 : 1, hours, minutes;
        if (!expect('+', '-') || !number(2, hours) || !expect(':', ':') || !number(2, minutes) || hours >= 24 || minutes >= 60) return false;
        offset = sign * (hours * 3600 + minutes * 60);
    }
    if (at != end) return false;
    int64_t days = date::sys_days(date).time_since_epoch().count();
    out = (days * 86400 + hour * 3600 + minute * 60 + second - offset) * 1000 + milliseconds;
    return true;
}

/* The zone's offset from UTC at an instant: its sys_info (date/tz) kept while the instants
   stay within it, so that a season's fixtures look the zone up a few times, not once each. */
class ZoneOffsets {
  public:
    explicit ZoneOffsets(const date::time_zone *zone) : zone_(zone) {}

    /* Seconds east of UTC at `seconds` since the epoch (UTC when there is no zone). */
    int64_t at(int64_t seconds) {
        if (zone_ == nullptr) return 0;
        if (seconds < begin_ || seconds >= end_) {
            date::sys_info info = zone_->get_info(date::sys_seconds(std::chrono::seconds(seconds)));
            begin_ = info.begin.time_since_epoch().count();
            end_ = info.end.time_since_epoch().count();
            offset_ = info.offset.count();
        }
        return offset_;
    }

  private:
    const date::time_zone *zone_;
    int64_t begin_ = 0, end_ = 0, offset_ = 0;
};

/* A fixture with a kick-off: its local day (days since the epoch), its kick-off (ms) and its
   local time of day (seconds), sorted by day, kick-off, id, then position (as read). */
struct Dated {
    int64_t day, kickoff, id;
    uint32_t index, second_of_day;

    bool operator<(const Dated &other) const {
        if (day != other.day) return day < other.day;
        if (kickoff != other.kickoff) return kickoff < other.kickoff;
        if (id != other.id) return id < other.id;
        return index < other.index;
    }
};

int64_t floor_divide(int64_t value, int64_t divisor) { return value / divisor - (value % divisor < 0); }

/* Two digits of `value` (0…99) at `out`. */
[[gnu::always_inline]] inline char *two_digits(char *out, unsigned value) {
    out[0] = static_cast<char>('0' + value / 10);
    out[1] = static_cast<char>('0' + value % 10);
    return out + 2;
}

/* A year, its magnitude zero-padded to four digits, after a '-' when negative (-0001). */
char *year_digits(char *out, int year) {
    if (year < 0) *out++ = '-';
    unsigned magnitude = year < 0 ? 0u - static_cast<unsigned>(year) : static_cast<unsigned>(year);
    if (magnitude >= 10000) return std::to_chars(out, out + 12, magnitude).ptr;
    out[0] = static_cast<char>('0' + magnitude / 1000);
    out[1] = static_cast<char>('0' + magnitude / 100 % 10);
    out[2] = static_cast<char>('0' + magnitude / 10 % 10);
    out[3] = static_cast<char>('0' + magnitude % 10);
    return out + 4;
}

/* A fixture as the fixtures screen shows it. `local`: its kick-off's local time of day and
   `month_day` its local "MM/dd", or NULL for an unknown kick-off; `label` the zone's name,
   quoted, as written beside a kick-off time. */
void write_view(Response &response, const Fixture &fixture, const uint32_t *local, const char *month_day, string_view label, bool favorite) {
    response.raw("{\"id\":");
    response.integer(fixture.id);
    response.raw(",\"homeTeam\":");
    response.string(fixture.home_name);
    response.raw(",\"awayTeam\":");
    response.string(fixture.away_name);
    if (fixture.has_home_crest) {
        response.raw(",\"homeCrest\":");
        response.string(fixture.home_crest);
    }
    if (fixture.has_away_crest) {
        response.raw(",\"awayCrest\":");
        response.string(fixture.away_crest);
    }
    if (fixture.has_utc_date) {
        response.raw(",\"utcDate\":");
        response.string(fixture.utc_date);
    }
    if (fixture.has_matchday) {
        response.raw(",\"matchday\":");
        response.integer(fixture.matchday);
    }
    char *out = response.claim(96 + label.size());
    if (out == nullptr) return;
    if (fixture.played) {
        out = put_literal(out, ",\"played\":true,\"statusText\":\"");
        out = std::to_chars(out, out + 10, fixture.home_goals).ptr;
        *out++ = '-';
        out = std::to_chars(out, out + 10, fixture.away_goals).ptr;
        out = put_literal(out, "\",\"timeZoneLabel\":\"\"");
    } else if (!fixture.called_off.empty()) {
        out = put_literal(out, ",\"played\":false,\"statusText\":\"");
        out = put(out, fixture.called_off);
        out = put_literal(out, "\",\"timeZoneLabel\":\"\"");
    } else if (local != nullptr) {
        out = put_literal(out, ",\"played\":false,\"statusText\":\"");
        out = two_digits(out, *local / 3600);
        *out++ = ':';
        out = two_digits(out, *local % 3600 / 60);
        out = put_literal(out, "\",\"timeZoneLabel\":");
        out = put(out, label);
    } else {
        out = put_literal(out, ",\"played\":false,\"statusText\":\"\",\"timeZoneLabel\":\"\"");
    }
    out = put_literal(out, ",\"dateText\":\"");
    if (local != nullptr) out = put(out, string_view(month_day, 5));
    out = favorite ? put_literal(out, "\",\"isFavorite\":true}") : put_literal(out, "\",\"isFavorite\":false}");
    response.advance(out);
}

}  // namespace

extern "C" char *simdjson_matches_sections(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    /* The segment and the zone may come after the lists: both lists are kept (as views) until
       the whole request is read. */
    thread_local std::vector<Fixture> matches, favorites;
    matches.clear();
    favorites.clear();
    bool show_favorites = false, has_zone = false;
    string_view zone_name;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "matches") {
            if (char *error = read_fixtures(field.value(), "$.matches", "Invalid match.", matches, read_match)) return error;
        } else if (key == "favorites") {
            if (char *error = read_fixtures(field.value(), "$.favorites", "Invalid favourite.", favorites, read_record)) return error;
        } else if (key == "segment") {
            string_view segment;
            bool present = false;
            if (!optional_string(field.value(), segment, present) || (present && segment != "all" && segment != "favorites")) {
                return invalid_request("Invalid segment.", "$.segment");
            }
            show_favorites = present && segment == "favorites";
        } else if (key == "timeZone") {
            if (!optional_string(field.value(), zone_name, has_zone)) return invalid_request("Invalid request.", "$.timeZone");
        }
    }
    if (!consumed(document)) return invalid_json();

    /* The zone, from the system's tzdata (date/tz's; UTC by default); its name is the label. */
    const date::time_zone *zone = nullptr;
    if (has_zone) {
        /* date/tz finds zones among the files of the system's tzdata (USE_OS_TZDB), where
           "localtime" is the host's own zone (Debian's link to /etc/localtime), no IANA name. */
        if (zone_name == "localtime") return invalid_request("Unknown time zone.", "$.timeZone");
        try {
            zone = date::locate_zone(zone_name);
        } catch (const std::exception &) {
            return invalid_request("Unknown time zone.", "$.timeZone");
        }
    } else {
        zone_name = "UTC";
    }
    thread_local std::string label;
    label.assign(1, '"').append(zone_name).push_back('"');  // a zone's name needs no escape

    /* The favourites' ids, sorted, for isFavorite. */
    thread_local std::vector<int64_t> favorite_ids;
    favorite_ids.clear();
    for (const Fixture &record : favorites) favorite_ids.push_back(record.id);
    std::sort(favorite_ids.begin(), favorite_ids.end());
    auto is_favorite = [](int64_t id) { return !favorite_ids.empty() && std::binary_search(favorite_ids.begin(), favorite_ids.end(), id); };

    /* Each fixture with a readable kick-off on its local day, the others (Unknown) by id. */
    const std::vector<Fixture> &source = show_favorites ? favorites : matches;
    thread_local std::vector<Dated> dated;
    thread_local std::vector<std::pair<int64_t, uint32_t>> unknown;
    dated.clear();
    unknown.clear();
    ZoneOffsets offsets(zone);
    size_t text = 0;
    for (uint32_t index = 0; index < source.size(); index++) {
        const Fixture &fixture = source[index];
        text += fixture.utc_date.size() + fixture.home_name.size() + fixture.away_name.size() + fixture.home_crest.size() + fixture.away_crest.size();
        int64_t kickoff;
        if (!fixture.has_utc_date || !kickoff_milliseconds(fixture.utc_date, kickoff)) {
            unknown.push_back({fixture.id, index});
            continue;
        }
        int64_t utc = floor_divide(kickoff, 1000), local = utc + offsets.at(utc), day = floor_divide(local, 86400);
        dated.push_back({day, kickoff, fixture.id, index, static_cast<uint32_t>(local - day * 86400)});
    }
    std::sort(dated.begin(), dated.end());
    std::sort(unknown.begin(), unknown.end());

    Response response(128 + 2 * text + source.size() * (320 + label.size()));
    response.raw(show_favorites ? "{\"ok\":true,\"result\":{\"segment\":\"favorites\",\"sections\":[" : "{\"ok\":true,\"result\":{\"segment\":\"all\",\"sections\":[");
    for (size_t start = 0, end; start < dated.size(); start = end) {
        int64_t day = dated[start].day;
        date::year_month_day date{date::sys_days(date::days(day))};
        unsigned month = static_cast<unsigned>(date.month()), day_of_month = static_cast<unsigned>(date.day());
        int year = static_cast<int>(date.year());
        /* {"title":"MM/dd/yyyy","date":"yyyy-MM-dd","matches":[ */
        char *out = response.claim(96);
        if (out == nullptr) break;
        if (start > 0) *out++ = ',';
        out = put_literal(out, "{\"title\":\"");
        char *month_day = out;
        out = two_digits(out, month);
        *out++ = '/';
        out = two_digits(out, day_of_month);
        *out++ = '/';
        out = year_digits(out, year);
        out = put_literal(out, "\",\"date\":\"");
        out = year_digits(out, year);
        *out++ = '-';
        out = two_digits(out, month);
        *out++ = '-';
        out = two_digits(out, day_of_month);
        out = put_literal(out, "\",\"matches\":[");
        char month_day_text[5];
        std::memcpy(month_day_text, month_day, 5);
        response.advance(out);
        for (end = start; end < dated.size() && dated[end].day == day; end++) {
            if (end > start) response.raw(',');
            const Fixture &fixture = source[dated[end].index];
            write_view(response, fixture, &dated[end].second_of_day, month_day_text, label, is_favorite(fixture.id));
        }
        response.raw("]}");
    }
    if (!unknown.empty()) {
        response.raw(dated.empty() ? "{\"title\":\"Unknown\",\"matches\":[" : ",{\"title\":\"Unknown\",\"matches\":[");
        for (size_t position = 0; position < unknown.size(); position++) {
            if (position > 0) response.raw(',');
            const Fixture &fixture = source[unknown[position].second];
            write_view(response, fixture, nullptr, nullptr, label, is_favorite(fixture.id));
        }
        response.raw("]}");
    }
    response.raw("],\"counts\":{\"all\":");
    response.integer(static_cast<int64_t>(matches.size()));
    response.raw(",\"favorites\":");
    response.integer(static_cast<int64_t>(favorites.size()));
    response.raw("}}}");
    return response.release();
}

#endif  // TC_PEER_DATE_TZ
