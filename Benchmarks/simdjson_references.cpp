/*
 * The strongest peer a user could write instead of calling TournamentCore: tournaments.filter,
 * guests.check and equipment.stats in C++17 with simdjson's On-Demand API, built with clang -O3
 * -march=native (Benchmarks/CMakeLists.txt). The benchmark checks that each produces the core's
 * response byte for byte before timing it.
 *
 * Written as a performance-minded user would: one parser reused per thread (its buffers kept
 * between calls), the request copied once into padded memory, keys compared on their raw bytes,
 * strings kept as views into the parser's buffers until the response is written, one pass over
 * the document (members may come in any order, so what a rule needs from a later member is
 * collected first), the response written straight into the malloc'd block it is returned in,
 * strings escaped eight bytes at a time, numbers written with std::to_chars.
 *
 * It checks what the C + jansson references check (references.c) of the members it reads: each
 * one's type, the required members, the score range and the coordinates' bounds. Three things
 * err in the peer's favour, and match the core on the benchmark's data: On-Demand validates only
 * what it reads (a malformed member the rules do not read, or one copied as it was written, is
 * not an error here, where the core answers INVALID_JSON); text search folds ASCII case only; and
 * members this contract does not know are copied as they were written (the core writes them
 * compact).
 */
#include "references.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <simdjson.h>

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

    void raw(string_view part) {
        if (!reserve(part.size())) return;
        std::memcpy(data_ + size_, part.data(), part.size());
        size_ += part.size();
    }

    void raw(char byte) {
        if (!reserve(1)) return;
        data_[size_++] = byte;
    }

    void integer(int64_t value) {
        char digits[24];
        auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        raw(string_view(digits, static_cast<size_t>(end - digits)));
    }

    /* A string, escaped as JSON requires (quote, backslash and control characters); runs
       without any are copied whole, found eight bytes at a time. */
    void string(string_view value) {
        raw('"');
        size_t run = 0, index = 0;
        while (index < value.size()) {
            if (value.size() - index >= 8) {
                uint64_t word;
                std::memcpy(&word, value.data() + index, 8);
                if (!needs_escape(word)) {
                    index += 8;
                    continue;
                }
            }
            unsigned char byte = static_cast<unsigned char>(value[index]);
            if (byte >= 0x20 && byte != '"' && byte != '\\') {
                index++;
                continue;
            }
            raw(value.substr(run, index - run));
            run = ++index;
            switch (byte) {
            case '"': raw("\\\""); break;
            case '\\': raw("\\\\"); break;
            case '\b': raw("\\b"); break;
            case '\f': raw("\\f"); break;
            case '\n': raw("\\n"); break;
            case '\r': raw("\\r"); break;
            case '\t': raw("\\t"); break;
            default: {
                static const char hex[] = "0123456789abcdef";
                char escape[6] = {'\\', 'u', '0', '0', hex[byte >> 4], hex[byte & 15]};
                raw(string_view(escape, 6));
            }
            }
        }
        raw(value.substr(run));
        raw('"');
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
        char scientific[40];
        auto end = std::to_chars(scientific, scientific + sizeof scientific, size, std::chars_format::scientific).ptr;
        string_view form(scientific, static_cast<size_t>(end - scientific));
        size_t e = form.find('e');
        std::string digits;
        for (char c : form.substr(0, e)) {
            if (c != '.') digits.push_back(c);
        }
        int exponent = 0;
        std::from_chars(form.data() + e + (form[e + 1] == '+' ? 2 : 1), form.data() + form.size(), exponent);
        std::string text;
        if (value < 0) text.push_back('-');
        if (exponent >= -4 && size <= 0x1p53) {
            int count = static_cast<int>(digits.size());
            if (exponent >= count - 1) {
                text.append(digits);
                text.append(static_cast<size_t>(exponent - count + 1), '0');
                text.append(".0");
            } else if (exponent >= 0) {
                text.append(digits, 0, static_cast<size_t>(exponent + 1));
                text.push_back('.');
                text.append(digits, static_cast<size_t>(exponent + 1), std::string::npos);
            } else {
                text.append("0.");
                text.append(static_cast<size_t>(-exponent - 1), '0');
                text.append(digits);
            }
        } else {
            text.push_back(digits[0]);
            if (digits.size() > 1) {
                text.push_back('.');
                text.append(digits, 1, std::string::npos);
            }
            text.push_back('e');
            text.push_back(exponent < 0 ? '-' : '+');
            int magnitude = exponent < 0 ? -exponent : exponent;
            if (magnitude >= 100) text.push_back(static_cast<char>('0' + magnitude / 100));
            text.push_back(static_cast<char>('0' + magnitude / 10 % 10));
            text.push_back(static_cast<char>('0' + magnitude % 10));
        }
        raw(text);
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
    bool reserve(size_t more) {
        if (size_ + more <= capacity_) return !failed_;
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

bool is_null(simdjson::ondemand::value &value) {
    json_type type;
    return value.type().get(type) == simdjson::SUCCESS && type == json_type::null;
}

/* Optional members: null is absent (true, `out` untouched; `present` stays false); otherwise the
   value must have the type (false if not). */
bool optional_string(simdjson::ondemand::value value, string_view &out, bool &present) {
    if (is_null(value)) return true;
    present = true;
    return value.get_string().get(out) == simdjson::SUCCESS;
}

bool optional_bool(simdjson::ondemand::value value, bool &out) {
    if (is_null(value)) return true;
    return value.get_bool().get(out) == simdjson::SUCCESS;
}

bool optional_int(simdjson::ondemand::value value, int64_t &out) {
    if (is_null(value)) return true;
    return value.get_int64().get(out) == simdjson::SUCCESS;
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
                if (value.get_int64().get(index) != simdjson::SUCCESS) return invalid_request("Invalid tab.", "$.tab");
                tab = index == 0 ? ACTIVE : index == 1 ? COMPLETED_TAB : ALL;
            } else if (type != json_type::null) {
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

/* ---- equipment.stats ---------------------------------------------------------------------- */

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

/* Reads one arrow into the round's tally (and its impact into `impacts`); false if invalid. */
bool read_arrow(simdjson::ondemand::value value, Tally &tally, std::vector<Impact> &impacts) {
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
            if (field.value().get_int64().get(score) != simdjson::SUCCESS) return false;
        } else if (key == "isX") {
            if (!optional_bool(field.value(), is_x)) return false;
        } else if (key == "x" || key == "y") {
            simdjson::ondemand::value coordinate = field.value();
            if (is_null(coordinate)) continue;
            double number;
            if (coordinate.get_double().get(number) != simdjson::SUCCESS || !(std::fabs(number) <= 1000)) return false;
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
    if (has_x && has_y) impacts.push_back({x, y});
    return true;
}

}  // namespace

extern "C" char *simdjson_equipment_stats(const char *request) {
    simdjson::ondemand::document document;
    simdjson::ondemand::object root;
    size_t length;
    if (!open_root(request, length, document, root)) return invalid_json();
    /* now and timeRange may come after the rounds: each round is summed as it is read, and
       whether it counts is decided at the end. */
    thread_local std::vector<RoundSummary> rounds;
    thread_local std::vector<Impact> impacts;
    rounds.clear();
    impacts.clear();
    int64_t setup_id = 0, now = 0, days = 30;
    bool has_setup = false, has_rounds = false;
    for (auto member : root) {
        simdjson::ondemand::field field;
        if (std::move(member).get(field) != simdjson::SUCCESS) return invalid_json();
        simdjson::ondemand::raw_json_string key = field.key();
        if (key == "setupId") {
            if (field.value().get_int64().get(setup_id) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.setupId");
            has_setup = true;
        } else if (key == "now") {
            if (!optional_int(field.value(), now)) return invalid_request("Invalid request.", "$.now");
        } else if (key == "timeRange") {
            string_view range;
            bool present = false;
            if (!optional_string(field.value(), range, present)) return invalid_request("Invalid request.", "$.timeRange");
            if (!present || range == "thirtyDays") days = 30;
            else if (range == "sevenDays") days = 7;
            else if (range == "ninetyDays") days = 90;
            else if (range == "oneYear") days = 365;
            else if (range == "allTime") days = 0;
            else return invalid_request("Invalid time range.", "$.timeRange");
        } else if (key == "rounds") {
            simdjson::ondemand::array list;
            if (field.value().get_array().get(list) != simdjson::SUCCESS) return invalid_request("Invalid request.", "$.rounds");
            for (auto element : list) {
                simdjson::ondemand::object object;
                if (std::move(element).get_object().get(object) != simdjson::SUCCESS) return invalid_request("Invalid round.", "$.rounds");
                RoundSummary round;
                round.impacts_begin = impacts.size();
                bool has_date = false, has_arrows = false;
                for (auto part : object) {
                    simdjson::ondemand::field entry;
                    if (std::move(part).get(entry) != simdjson::SUCCESS) return invalid_json();
                    simdjson::ondemand::raw_json_string name = entry.key();
                    if (name == "date") {
                        if (entry.value().get_int64().get(round.date) != simdjson::SUCCESS) return invalid_request("Invalid round.", "$.rounds");
                        has_date = true;
                    } else if (name == "arrows") {
                        simdjson::ondemand::array arrows;
                        if (entry.value().get_array().get(arrows) != simdjson::SUCCESS) return invalid_request("Invalid round.", "$.rounds");
                        for (auto arrow : arrows) {
                            simdjson::ondemand::value value;
                            if (std::move(arrow).get(value) != simdjson::SUCCESS || !read_arrow(value, round.tally, impacts)) {
                                return invalid_request("Invalid arrow.", "$.rounds");
                            }
                        }
                        has_arrows = true;
                    }
                }
                if (!has_date || !has_arrows) return invalid_request("Invalid round.", "$.rounds");
                round.impacts_end = impacts.size();
                rounds.push_back(round);
            }
            has_rounds = true;
        }
    }
    if (!has_setup || !has_rounds) return invalid_request("Invalid request.", "$");
    if (!consumed(document)) return invalid_json();

    int64_t start = 0, round_count = 0;
    if (__builtin_sub_overflow(now, days * 86400000LL, &start)) return invalid_request("Invalid request.", "$.now");
    Tally tally;
    int64_t located = 0;
    double sum_x = 0, sum_y = 0;
    for (const RoundSummary &round : rounds) {
        if (days != 0 && round.date < start) continue;
        if (round.tally.arrows > 0) round_count++;
        tally.arrows += round.tally.arrows;
        tally.score += round.tally.score;
        tally.tens += round.tally.tens;
        tally.xs += round.tally.xs;
        tally.nines += round.tally.nines;
        for (size_t index = round.impacts_begin; index < round.impacts_end; index++) {
            located++;
            sum_x += impacts[index].x;
            sum_y += impacts[index].y;
        }
    }
    Response response(512);
    response.raw("{\"ok\":true,\"result\":{\"stats\":{\"setupId\":");
    response.integer(setup_id);
    response.raw(",\"totalArrows\":");
    response.integer(tally.arrows);
    response.raw(",\"totalScore\":");
    response.integer(tally.score);
    double arrows = static_cast<double>(tally.arrows);
    response.raw(",\"averageScore\":");
    response.number(tally.arrows ? static_cast<double>(tally.score) / arrows : 0.0);
    response.raw(",\"accuracy\":");
    response.number(tally.arrows ? static_cast<double>(tally.tens) * 100 / arrows : 0.0);
    response.raw(",\"consistency\":");
    response.number(tally.arrows ? static_cast<double>(tally.nines) * 100 / arrows : 0.0);
    response.raw(",\"xCount\":");
    response.integer(tally.xs);
    response.raw(",\"tenCount\":");
    response.integer(tally.tens);
    response.raw(",\"roundCount\":");
    response.integer(round_count);
    response.raw("},\"drift\":");
    if (located == 0) {
        response.raw("null}}");
        return response.release();
    }
    double count = static_cast<double>(located), mean_x = sum_x / count, mean_y = sum_y / count, squares_x = 0, squares_y = 0;
    for (const RoundSummary &round : rounds) {
        if (days != 0 && round.date < start) continue;
        for (size_t index = round.impacts_begin; index < round.impacts_end; index++) {
            squares_x += (impacts[index].x - mean_x) * (impacts[index].x - mean_x);
            squares_y += (impacts[index].y - mean_y) * (impacts[index].y - mean_y);
        }
    }
    response.raw("{\"setupId\":");
    response.integer(setup_id);
    response.raw(",\"xDriftAverage\":");
    response.number(mean_x);
    response.raw(",\"yDriftAverage\":");
    response.number(mean_y);
    response.raw(",\"xSpread\":");
    response.number(std::sqrt(squares_x / count));
    response.raw(",\"ySpread\":");
    response.number(std::sqrt(squares_y / count));
    response.raw(",\"arrowCount\":");
    response.integer(located);
    response.raw("}}}");
    return response.release();
}
