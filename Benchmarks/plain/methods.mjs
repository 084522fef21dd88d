// "Plain JavaScript" peers of the seven TournamentCore methods of issue 70's table: what a web
// developer would write for a page instead of calling the library's WebAssembly module, with the
// library's validation: the same checks in the same order (each object's fields in the contract's
// check order), the same codes, messages and JSONPaths (a port of Benchmarks/python/peer.py).
//
//   import { plain, rules } from "./methods.mjs";
//   plain["guests.check"](requestText)  // -> '{"ok":true,"result":{...}}', as the library writes it
//   rules["guests.check"](request)      // -> the result object, or throws a RequestError
//
// `rules` works on objects (a request as JSON.parse gives it in, the result as a typed function
// returns it out: what Benchmarks/javascript/typed.mjs times against the typed binding); `plain`
// is JSON.parse, the rules, and the response written as the library writes it (member order, no
// white space, doubles as Swift writes them: what Benchmarks/javascript.mjs times against the
// module on text). Benchmarks/plain/check.mjs checks both against the library.
//
// Known differences from the library:
// - Kept-verbatim members of tournament documents go through JSON.parse/JSON.stringify, so a
//   number is written in JavaScript's form (`1.50` -> `1.5`, `1E2` -> `100`, `-0` -> `0`,
//   `1e-400` -> `0`, big integers rounded), a string escape is re-encoded (`"\u00e9"` -> `"é"`),
//   and integer-like keys ("7") come first, as every JavaScript object orders them.
// - Integers beyond 2^53 (a `setupId` of 2^60) lose precision in JSON.parse.
// - A value is quoted in an error message as JSON.stringify writes it (the typed functions send it
//   so), not as some other text spelled it (`1E2`, `8.50`).
// - matches.sections reads time zones with Intl (the host's ICU and its tzdata; the library embeds
//   2025b): a zone name is the library's when Intl knows it, but for ICU's own legacy names (PST,
//   SystemV/...), refused; a link (US/Eastern) is taken in any case, a zone only in its own.
// - Sums are doubles: the library refuses a total beyond 2^63 - 1 (some 10^18 arrows).

// MARK: - Errors

/**
 * A refused request: `code`, `message`, and `path` (the JSONPath, undefined when it names no
 * place). The readers throw it with the path relative to what they read (".score"); each
 * enclosing level prefixes its part as the error goes up (`inside`), so that no path is built for
 * the values that are fine.
 */
export class RequestError extends Error {
  constructor(message, relative = "", code = "INVALID_REQUEST") {
    super(message);
    this.code = code;
    this.relative = relative;
  }

  get path() {
    return this.relative === null ? undefined : `$${this.relative}`;
  }
}

/** `error` (thrown while reading the value at `prefix`), its path made relative to the enclosing level. */
function inside(prefix, error) {
  if (error instanceof RequestError && error.relative !== null) error.relative = prefix + error.relative;
  return error;
}

// MARK: - Reading values

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** How a message names the type of a value ("found a string"). */
function kind(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string": return "a string";
    case "number": return "a number";
    case "boolean": return "a boolean";
    default: return "an object";
  }
}

const utf8 = new TextEncoder();
const utf8Text = new TextDecoder();

/** A value as a message quotes it: its JSON (at most 40 bytes of UTF-8, then "..."), or its type. */
function quote(value) {
  if (typeof value === "object" && value !== null) return kind(value);
  const text = JSON.stringify(value);
  if (text.length * 3 <= 40) return text;
  const bytes = utf8.encode(text);
  return bytes.length <= 40 ? text : `${utf8Text.decode(bytes.subarray(0, 40))}...`;
}

/** The UTF-8 length of a text. */
function byteLength(text) {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) continue;
    if (unit < 0x800) count += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length
      && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      count += 2; // a pair: 4 bytes for 2 units
      index++;
    } else count += 2;
  }
  return count;
}

const missing = (key) => new RequestError(`Missing required field "${key}".`, `.${key}`);

function expectString(value, path) {
  if (typeof value !== "string") throw new RequestError(`Expected a string, found ${kind(value)}.`, path);
  return value;
}

function expectNonEmpty(value, path) {
  if (typeof value !== "string") throw new RequestError(`Expected a string, found ${kind(value)}.`, path);
  if (value === "") throw new RequestError("Expected a non-empty string.", path);
  return value;
}

function expectBoolean(value, path) {
  if (typeof value !== "boolean") throw new RequestError(`Expected a boolean, found ${kind(value)}.`, path);
  return value;
}

function expectObject(value, path = "") {
  if (!isObject(value)) throw new RequestError(`Expected an object, found ${kind(value)}.`, path);
  return value;
}

function expectArray(value, path) {
  if (!Array.isArray(value)) throw new RequestError(`Expected an array, found ${kind(value)}.`, path);
  return value;
}

// Integer bounds, as doubles for the comparison and as text for the message (2^63 - 1 has no
// double: the largest double below 2^63 is the last one in range).
const INT32 = { low: 0, high: 2147483647, text: "0 to 2147483647" };
const INT64 = { low: -(2 ** 63), high: 2 ** 63 - 1024, text: "-9223372036854775808 to 9223372036854775807" };
const COUNT = { low: 0, high: 2 ** 63 - 1024, text: "0 to 9223372036854775807" };
const LAST_TIMESTAMP = 253402300799999; // the last millisecond of year 9999
const TIMESTAMP = { low: 0, high: LAST_TIMESTAMP, text: `0 to ${LAST_TIMESTAMP}` };
const SCORE = { low: 0, high: 10, text: "0 to 10" };

/** An integer within `range`, however written (`8`, `8.0` both read as 8; -0 as 0). */
function expectInteger(value, path, range) {
  if (typeof value !== "number") throw new RequestError(`Expected an integer, found ${kind(value)}.`, path);
  if (value >= range.low && value <= range.high && Number.isInteger(value)) return value + 0;
  if (Number.isFinite(value) && !Number.isInteger(value)) throw new RequestError(`Expected an integer, found ${quote(value)}.`, path);
  throw new RequestError(`Expected an integer from ${range.text}, found ${quote(value)}.`, path);
}

/** A finite number from `low` to `high`. */
function expectNumber(value, path, low, high) {
  if (typeof value !== "number") throw new RequestError(`Expected a number, found ${kind(value)}.`, path);
  if (value >= low && value <= high) return value;
  if (!Number.isFinite(value)) throw new RequestError(`Expected a finite number, found ${quote(value)}.`, path);
  throw new RequestError(`Expected a number from ${low} to ${high}, found ${quote(value)}.`, path);
}

/** One of `names` (a Set), `expected` spelling them in the message. */
function expectChoice(value, path, names, expected) {
  if (typeof value === "string" && names.has(value)) return value;
  throw new RequestError(`Expected ${expected}, found ${quote(value)}.`, path);
}

/**
 * `read` of each object of the array `values` (at `path`), in order; an element that is not an
 * object, or that `read` refuses, is the error, at its place.
 */
function readObjects(values, path, read) {
  expectArray(values, path);
  const results = new Array(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    try {
      if (!isObject(value)) throw new RequestError(`Expected an object, found ${kind(value)}.`);
      results[index] = read(value);
    } catch (error) {
      throw inside(`${path}[${index}]`, error);
    }
  }
  return results;
}

/** An optional string member (null is "not given": undefined). */
function readText(container, key, path = "") {
  const value = container[key] ?? undefined;
  if (value !== undefined && typeof value !== "string") expectString(value, `${path}.${key}`);
  return value;
}

/** An optional integer member from 0 to 2^31 - 1. */
function readSmall(container, key, path = "") {
  const value = container[key] ?? undefined;
  return value === undefined ? undefined : expectInteger(value, `${path}.${key}`, INT32);
}

/** Blank: Unicode's White_Space only (not JavaScript's \s, which adds U+FEFF and leaves out U+0085). */
const BLANK = /^\p{White_Space}*$/u;
const isBlank = (text) => BLANK.test(text);

// MARK: - Numbers as the library writes them

/**
 * A double as Swift's `description` writes it: the shortest round-tripping digits (which
 * JavaScript's own conversions give too), positional from 0.0001 up to 2^53 with ".0" on whole
 * numbers, otherwise exponential with a signed exponent of at least two digits (`1e-05`,
 * `1.8014398509481984e+16`).
 */
export function swiftDouble(value) {
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const size = Math.abs(value);
  if (size >= 1e-4 && size <= 2 ** 53) {
    const text = String(value); // positional in this range
    return Number.isInteger(value) ? `${text}.0` : text;
  }
  const [mantissa, exponent] = value.toExponential().split("e");
  const power = Number(exponent);
  return `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
}

/**
 * A non-negative double with two decimals as C's "%.2f" writes it: rounded from its exact value,
 * as toFixed does, but a tie to the even hundredth (toFixed takes the larger). A double has an
 * exact tie only when it is a multiple of 1/8 (0.125, 0.375...).
 */
function twoDecimals(value) {
  if (value < 2 ** 40 && Number.isInteger(value * 8) && (value * 1000) % 10 === 5) {
    const below = Math.floor(value * 100);
    return ((below % 2 === 0 ? below : below + 1) / 100).toFixed(2);
  }
  return value.toFixed(2);
}

// MARK: - Tournament documents (tournaments.filter, guests.check)

const STATUSES = new Set(["OPEN", "IN_PROGRESS", "COMPLETED", "CANCELLED"]);
const KNOWN_FIELDS = new Set(["id", "name", "location", "status", "public", "currentParticipants", "maxParticipants"]);

/**
 * Reads a stored tournament document, its known fields checked in the contract's order: `id` a
 * required non-empty string, the others take their defaults when absent or null, the status is
 * read in any case (Unicode uppercasing; an unknown word is OPEN). Returns the seven known fields
 * in the contract's order; the other members stay on the document (see `listed`).
 */
function readTournament(document) {
  if (!isObject(document)) throw new RequestError(`Expected an object, found ${kind(document)}.`);
  const id = document.id;
  if (id === undefined) throw missing("id");
  if (typeof id !== "string" || id === "") expectNonEmpty(id, ".id");
  let { name, location, status, public: isPublic, currentParticipants: current, maxParticipants: maximum } = document;
  if (name == null) name = "";
  else if (typeof name !== "string") expectString(name, ".name");
  if (location == null) location = "";
  else if (typeof location !== "string") expectString(location, ".location");
  if (status == null) status = "OPEN";
  else {
    if (typeof status !== "string") expectString(status, ".status");
    if (!STATUSES.has(status)) {
      const upper = status.toUpperCase();
      status = STATUSES.has(upper) ? upper : "OPEN";
    }
  }
  if (isPublic == null) isPublic = false;
  else if (typeof isPublic !== "boolean") expectBoolean(isPublic, ".public");
  current = current == null ? 0 : expectInteger(current, ".currentParticipants", INT32);
  maximum = maximum == null ? 0 : expectInteger(maximum, ".maxParticipants", INT32);
  return { id, name, location, status, public: isPublic, currentParticipants: current, maxParticipants: maximum };
}

/** The normalized tournament as listed: the known fields, then the document's other members in order. */
function listed(tournament, document) {
  // (An object literal: copying with `{ ...tournament }` is many times slower in V8 here.)
  const { id, name, location, status, currentParticipants, maxParticipants } = tournament;
  const entry = { id, name, location, status, public: tournament.public, currentParticipants, maxParticipants };
  for (const key in document) {
    if (KNOWN_FIELDS.has(key)) continue;
    // A member named "__proto__" (an own property of what JSON.parse makes) is kept as a
    // member: assigned, it would set the object's prototype instead.
    if (key === "__proto__") Object.defineProperty(entry, key, { value: document[key], enumerable: true, writable: true, configurable: true });
    else entry[key] = document[key];
  }
  return entry;
}

// MARK: - Search: ignoring case and diacritics

const NON_ASCII = /[^\x00-\x7F]/;
const NONSPACING_MARKS = /\p{Mn}/gu;
const SURROUNDING_WHITE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/**
 * Folds text for the search: NFD, nonspacing marks removed, then each character through its
 * full uppercase and lowercase mappings (`ß` and `SS` both give `ss`). Lowercasing a whole
 * string makes a final capital sigma `ς`, which the per-character mapping does not: put back.
 */
function fold(text) {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(NONSPACING_MARKS, "").toUpperCase().toLowerCase().replaceAll("ς", "σ");
}

// MARK: - tournaments.filter

const TABS = new Set(["active", "completed", "all"]);
const SKIPPING = new Set(["reject", "skip"]);

const EMPTY_STATES = {
  active: { icon: "target", title: "No Active Tournaments", message: "Check back later for upcoming tournaments" },
  completed: { icon: "checkmark.circle", title: "No Completed Tournaments", message: "Completed tournaments will appear here" },
  all: { icon: "target", title: "No Tournaments", message: "Check back later for upcoming tournaments" },
};

/** `tab`: a name, or the apps' index (0 active, 1 completed, any other integer all). */
function readTab(value) {
  if (value == null) return "active";
  if (typeof value === "string" && TABS.has(value)) return value;
  // An integer however large (JSON.parse reads 1e400 as Infinity: an integer too).
  if (typeof value === "number" && (Number.isInteger(value) || value === Infinity || value === -Infinity)) {
    return value === 0 ? "active" : value === 1 ? "completed" : "all";
  }
  throw new RequestError(`Expected "active", "completed", "all" or a tab index, found ${quote(value)}.`, ".tab");
}

function tournamentsFilter(request) {
  // The contract's check order: invalidDocuments, tournaments, tab, publicOnly, query, limit.
  const skipping = request.invalidDocuments == null ? false
    : expectChoice(request.invalidDocuments, ".invalidDocuments", SKIPPING, '"reject" or "skip"') === "skip";
  const documents = request.tournaments;
  if (documents === undefined) throw missing("tournaments");
  expectArray(documents, ".tournaments");
  const tournaments = [];
  const read = [];
  const skipped = [];
  for (let index = 0; index < documents.length; index++) {
    const document = documents[index];
    try {
      tournaments.push(readTournament(document));
      read.push(document);
    } catch (error) {
      inside(`.tournaments[${index}]`, error);
      if (!skipping || !(error instanceof RequestError)) throw error;
      const id = isObject(document) && typeof document.id === "string" && document.id !== "" ? document.id : undefined;
      skipped.push(id === undefined
        ? { index, code: error.code, message: error.message, path: error.path }
        : { index, id, code: error.code, message: error.message, path: error.path });
    }
  }
  const tab = readTab(request.tab);
  const publicOnly = request.publicOnly ?? undefined;
  if (publicOnly !== undefined) expectBoolean(publicOnly, ".publicOnly");
  const query = request.query ?? undefined;
  if (query !== undefined) expectString(query, ".query");
  const limit = request.limit == null ? Infinity : expectInteger(request.limit, ".limit", COUNT);
  // A blank query (after trimming Unicode white space) searches nothing: every name matches.
  const needle = query === undefined ? "" : fold(query.replace(SURROUNDING_WHITE_SPACE, ""));

  // Counts are taken after publicOnly and the query, before the tab and the limit.
  let active = 0, completed = 0, all = 0, matching = 0;
  const entries = [];
  for (let index = 0; index < tournaments.length; index++) {
    const tournament = tournaments[index];
    if (publicOnly && !tournament.public) continue;
    if (needle !== "" && !fold(tournament.name).includes(needle) && !fold(tournament.location).includes(needle)) continue;
    const { status } = tournament;
    const isActive = status === "OPEN" || status === "IN_PROGRESS";
    const isCompleted = status === "COMPLETED";
    all += 1;
    if (isActive) active += 1;
    if (isCompleted) completed += 1;
    // CANCELLED is listed under "all" only.
    if (tab === "active" ? !isActive : tab === "completed" ? !isCompleted : false) continue;
    matching += 1;
    if (entries.length < limit) entries.push(listed(tournament, read[index]));
  }

  const isEmpty = matching === 0; // whatever the limit
  const result = {
    tab,
    tournaments: entries,
    counts: { active, completed, all },
    labels: { active: `Active (${active})`, completed: `Completed (${completed})` },
    isEmpty,
    emptyState: isEmpty ? { ...EMPTY_STATES[tab] } : null,
  };
  if (skipping) result.skipped = skipped;
  return result;
}

// MARK: - guests.check

/** A participant of guests.check: who added it when it is a guest, else null. */
function readSessionParticipant(participant) {
  const id = participant.participantId;
  if (id === undefined) throw missing("participantId");
  if (typeof id !== "string" || id === "") expectNonEmpty(id, ".participantId");
  const isGuest = participant.guestParticipant ?? undefined;
  const addedBy = participant.addedBy ?? undefined;
  if (isGuest !== undefined && typeof isGuest !== "boolean") expectBoolean(isGuest, ".guestParticipant");
  if (addedBy !== undefined && typeof addedBy !== "string") expectString(addedBy, ".addedBy");
  return isGuest === true ? { addedBy } : null;
}

function guestsCheck(request) {
  let tournament = null;
  if (request.tournament != null) {
    try {
      tournament = readTournament(request.tournament);
    } catch (error) {
      throw inside(".tournament", error);
    }
  }
  const participants = request.participants == null ? [] : readObjects(request.participants, ".participants", readSessionParticipant);
  // The signed-in user (null: signed out).
  const user = request.currentUserId ?? null;
  if (user !== null) expectNonEmpty(user, ".currentUserId");
  // The limits in force: each missing or null one takes its default.
  let perUser = 2, total = 10;
  const limits = request.limits ?? undefined;
  if (limits !== undefined) {
    expectObject(limits, ".limits");
    if (limits.maxGuestsPerParticipant != null) perUser = expectInteger(limits.maxGuestsPerParticipant, ".limits.maxGuestsPerParticipant", INT32);
    if (limits.maxTotalGuests != null) total = expectInteger(limits.maxTotalGuests, ".limits.maxTotalGuests", INT32);
  }

  // IDs are compared as they are stored (exactly: no Unicode equivalence).
  let guests = 0, mine = 0;
  for (const guest of participants) {
    if (guest === null) continue;
    guests += 1;
    if (user !== null && guest.addedBy === user) mine += 1;
  }
  const remainingForUser = Math.max(0, perUser - mine);
  const remainingTotal = Math.max(0, total - guests);

  // The first rule that fails.
  let reason = null;
  if (user === null) {
    reason = { code: "NOT_AUTHENTICATED", message: "You must be signed in to add a guest." };
  } else if (mine >= perUser) {
    reason = { code: "MAX_GUESTS_PER_USER_REACHED", message: `You can only add ${perUser} guest(s) per participant.` };
  } else if (guests >= total) {
    reason = { code: "MAX_TOTAL_GUESTS_REACHED", message: `This tournament has reached the maximum of ${total} total guests.` };
  } else if (tournament?.status !== "IN_PROGRESS") {
    reason = { code: "TOURNAMENT_NOT_IN_PROGRESS", message: "Guests can only be added to tournaments in progress." };
  }
  return {
    guestCount: mine,
    totalGuestCount: guests,
    remainingForUser,
    remainingTotal,
    remaining: Math.min(remainingForUser, remainingTotal),
    canAddGuest: reason === null,
    reason,
    limits: { maxGuestsPerParticipant: perUser, maxTotalGuests: total },
  };
}

// MARK: - Arrows and rounds (equipment.stats, equipment.compare, scoring.leaderboard)

const DAY_MS = 86_400_000;
const RANGE_DAYS = { sevenDays: 7, thirtyDays: 30, ninetyDays: 90, oneYear: 365, allTime: null };
const RANGE_NAMES = new Set(Object.keys(RANGE_DAYS));
const RANGE_LABELS = { sevenDays: "7 Days", thirtyDays: "30 Days", ninetyDays: "90 Days", oneYear: "1 Year", allTime: "All Time" };
const RANGE_EXPECTED = 'one of "sevenDays", "thirtyDays", "ninetyDays", "oneYear", "allTime"';

/**
 * The figures of some arrows: count, total, tens, Xs, nines or better, and the impacts (arrows
 * with both coordinates) in arrow order.
 */
class Tally {
  arrows = 0;
  score = 0;
  tens = 0;
  xs = 0;
  nines = 0;
  impactsX = [];
  impactsY = [];

  /** Checks a list of arrows (at `path`), and counts them when `counts`. */
  add(arrows, path, counts = true) {
    expectArray(arrows, path);
    let score = 0, tens = 0, xs = 0, nines = 0;
    const { impactsX, impactsY } = this;
    for (let index = 0; index < arrows.length; index++) {
      const arrow = arrows[index];
      try {
        if (!isObject(arrow)) throw new RequestError(`Expected an object, found ${kind(arrow)}.`);
        let value = arrow.score;
        if (value === undefined) throw missing("score");
        if (typeof value !== "number" || !(value >= 0 && value <= 10) || !Number.isInteger(value)) value = expectInteger(value, ".score", SCORE);
        let isX = arrow.isX;
        if (isX == null) isX = false;
        else if (typeof isX !== "boolean") expectBoolean(isX, ".isX");
        let { x, y } = arrow;
        if (x == null) x = undefined;
        else if (typeof x !== "number" || !(x >= -1000 && x <= 1000)) expectNumber(x, ".x", -1000, 1000);
        if (y == null) y = undefined;
        else if (typeof y !== "number" || !(y >= -1000 && y <= 1000)) expectNumber(y, ".y", -1000, 1000);
        if (isX && value !== 10) throw new RequestError("Only a 10 can be an X.", ".isX");
        score += value;
        if (value >= 9) {
          nines += 1;
          if (value === 10) {
            tens += 1;
            if (isX) xs += 1;
          }
        }
        if (counts && x !== undefined && y !== undefined) {
          impactsX.push(x);
          impactsY.push(y);
        }
      } catch (error) {
        throw inside(`${path}[${index}]`, error);
      }
    }
    if (!counts) return;
    this.arrows += arrows.length;
    this.score += score;
    this.tens += tens;
    this.xs += xs;
    this.nines += nines;
  }
}

/**
 * The time fields, in the contract's check order (startDate, timeRange, now): the range's id and
 * the first timestamp counted (null: every round).
 */
function readRange(request) {
  let startDate = request.startDate ?? undefined;
  const range = request.timeRange ?? undefined;
  let now = request.now ?? undefined;
  if (startDate !== undefined) startDate = expectInteger(startDate, ".startDate", TIMESTAMP);
  if (range !== undefined) {
    if (startDate !== undefined) throw new RequestError("Give either timeRange or startDate, not both.", ".timeRange");
    expectChoice(range, ".timeRange", RANGE_NAMES, RANGE_EXPECTED);
  }
  if (now !== undefined) now = expectInteger(now, ".now", TIMESTAMP);
  if (startDate !== undefined) return { id: "custom", start: startDate };
  const id = range ?? "thirtyDays";
  const days = RANGE_DAYS[id];
  if (days === null) return { id, start: null };
  return { id, start: (now ?? Date.now()) - days * DAY_MS };
}

/**
 * Reads the rounds at `path`, every arrow checked, into `tally` those on or after `start` (null:
 * all; undefined: none, the range being refused), and returns how many of those have arrows.
 */
function readRounds(rounds, path, start, tally) {
  expectArray(rounds, path);
  let counted = 0;
  for (let index = 0; index < rounds.length; index++) {
    const round = rounds[index];
    try {
      if (!isObject(round)) throw new RequestError(`Expected an object, found ${kind(round)}.`);
      const id = round.id;
      if (id != null && typeof id !== "string") expectString(id, ".id");
      let date = round.date;
      if (date === undefined) throw missing("date");
      if (typeof date !== "number" || !(date >= 0 && date <= LAST_TIMESTAMP) || !Number.isInteger(date)) date = expectInteger(date, ".date", TIMESTAMP);
      const arrows = round.arrows;
      if (arrows === undefined) throw missing("arrows");
      const counts = start === null || (start !== undefined && date >= start);
      tally.add(arrows, ".arrows", counts);
      if (counts && arrows.length > 0) counted += 1;
    } catch (error) {
      throw inside(`${path}[${index}]`, error);
    }
  }
  return counted;
}

function statsOf(setupId, tally, roundCount) {
  const n = tally.arrows;
  return {
    setupId,
    totalArrows: n,
    totalScore: tally.score,
    averageScore: n === 0 ? 0 : tally.score / n,
    accuracy: n === 0 ? 0 : (tally.tens * 100) / n,
    consistency: n === 0 ? 0 : (tally.nines * 100) / n,
    xCount: tally.xs,
    tenCount: tally.tens,
    roundCount,
  };
}

/** Means and population standard deviations of the impacts, in two passes in arrow order; null without impacts. */
function driftOf(setupId, xs, ys) {
  const n = xs.length;
  if (n === 0) return null;
  let sumX = 0, sumY = 0;
  for (let i = 0; i < n; i++) sumX += xs[i];
  for (let i = 0; i < n; i++) sumY += ys[i];
  const meanX = sumX / n;
  const meanY = sumY / n;
  let squaresX = 0, squaresY = 0;
  for (let i = 0; i < n; i++) squaresX += (xs[i] - meanX) * (xs[i] - meanX);
  for (let i = 0; i < n; i++) squaresY += (ys[i] - meanY) * (ys[i] - meanY);
  return {
    setupId,
    xDriftAverage: meanX,
    yDriftAverage: meanY,
    xSpread: Math.sqrt(squaresX / n),
    ySpread: Math.sqrt(squaresY / n),
    arrowCount: n,
  };
}

const statsText = (stats) => `{"setupId":${stats.setupId},"totalArrows":${stats.totalArrows},"totalScore":${stats.totalScore},`
  + `"averageScore":${swiftDouble(stats.averageScore)},"accuracy":${swiftDouble(stats.accuracy)},`
  + `"consistency":${swiftDouble(stats.consistency)},"xCount":${stats.xCount},"tenCount":${stats.tenCount},"roundCount":${stats.roundCount}}`;

const driftText = (drift) => (drift === null ? "null"
  : `{"setupId":${drift.setupId},"xDriftAverage":${swiftDouble(drift.xDriftAverage)},"yDriftAverage":${swiftDouble(drift.yDriftAverage)},`
    + `"xSpread":${swiftDouble(drift.xSpread)},"ySpread":${swiftDouble(drift.ySpread)},"arrowCount":${drift.arrowCount}}`);

// MARK: - equipment.stats

function equipmentStats(request) {
  // Check order: setupId, rounds, startDate, timeRange, now. The range is read first so that the
  // rounds are counted as they are read; a refused range is reported after the rounds' checks.
  let range, refused = null;
  try {
    range = readRange(request);
  } catch (error) {
    refused = error;
  }
  if (request.setupId === undefined) throw missing("setupId");
  const setupId = expectInteger(request.setupId, ".setupId", INT64);
  if (request.rounds === undefined) throw missing("rounds");
  const tally = new Tally();
  const roundCount = readRounds(request.rounds, ".rounds", refused === null ? range.start : undefined, tally);
  if (refused !== null) throw refused;
  return { stats: statsOf(setupId, tally, roundCount), drift: driftOf(setupId, tally.impactsX, tally.impactsY) };
}

const writeStats = (result) => `{"stats":${statsText(result.stats)},"drift":${driftText(result.drift)}}`;

// MARK: - equipment.compare

const STATS_FIELDS = [
  ["setupId", INT64], ["totalArrows", COUNT], ["totalScore", COUNT],
  ["averageScore", 0, 10], ["accuracy", 0, 100], ["consistency", 0, 100],
  ["xCount", COUNT], ["tenCount", COUNT], ["roundCount", COUNT],
];
const DRIFT_FIELDS = [
  ["setupId", INT64], ["xDriftAverage", -1000, 1000], ["yDriftAverage", -1000, 1000],
  ["xSpread", 0, 2000], ["ySpread", 0, 2000], ["arrowCount", COUNT],
];
const BOTH = "Give either rounds or precomputed stats and drift, not both.";

/** Precomputed stats or drift: each member absent or null counts as 0 (the setupId as not given: null). */
function readFigures(value, fields, path) {
  expectObject(value, path);
  const figures = {};
  for (const [key, low, high] of fields) {
    const member = value[key] ?? undefined;
    if (member === undefined) figures[key] = key === "setupId" ? null : 0;
    else if (typeof low === "number") figures[key] = expectNumber(member, `${path}.${key}`, low, high);
    else figures[key] = expectInteger(member, `${path}.${key}`, low);
  }
  return figures;
}

/** A setup, its rounds counted from `start`: its id, name, and tally or precomputed figures. */
function readSetup(setup, path, start) {
  expectObject(setup, path);
  if (setup.id === undefined) throw new RequestError('Missing required field "id".', `${path}.id`);
  const id = expectInteger(setup.id, `${path}.id`, INT64);
  const name = setup.name ?? undefined;
  if (name !== undefined) expectString(name, `${path}.name`);
  let tally = null, roundCount = 0, stats = null, drift = null;
  if (setup.rounds != null) {
    tally = new Tally();
    roundCount = readRounds(setup.rounds, `${path}.rounds`, start, tally);
  }
  if (setup.stats != null) {
    if (tally !== null) throw new RequestError(BOTH, `${path}.stats`);
    stats = readFigures(setup.stats, STATS_FIELDS, `${path}.stats`);
  }
  if (setup.drift != null) {
    if (tally !== null) throw new RequestError(BOTH, `${path}.drift`);
    drift = readFigures(setup.drift, DRIFT_FIELDS, `${path}.drift`);
  }
  return { id, name, tally, roundCount, stats, drift };
}

/** A setup's name as shown, stats and drift. */
function side(setup, path) {
  const { id, name } = setup;
  const shown = name !== undefined && !isBlank(name) ? name : `Setup #${id}`;
  if (setup.stats === null && setup.drift === null) {
    const tally = setup.tally ?? new Tally();
    return { shown, stats: statsOf(id, tally, setup.roundCount), drift: driftOf(id, tally.impactsX, tally.impactsY) };
  }
  for (const key of ["stats", "drift"]) {
    const figures = setup[key];
    if (figures !== null && figures.setupId !== null && figures.setupId !== id) {
      throw new RequestError(`Expected the setup's id ${id}, found ${figures.setupId}.`, `${path}.${key}.setupId`);
    }
  }
  const stats = setup.stats === null ? statsOf(id, new Tally(), 0) : { ...setup.stats, setupId: id };
  const drift = setup.drift === null ? null : { ...setup.drift, setupId: id };
  return { shown, stats, drift };
}

/** A delta as shown: two decimals as "%.2f" rounds them (a count: an integer), its sign the shown value's. */
function display(delta, count = false) {
  let text, sign;
  if (count) {
    text = String(Math.abs(delta));
    sign = Math.sign(delta);
  } else {
    text = twoDecimals(Math.min(Math.abs(delta), 9e13));
    sign = text === "0.00" ? 0 : delta > 0 ? 1 : -1;
  }
  if (sign > 0) return { text: `+${text}`, trend: "up", color: "green" };
  if (sign < 0) return { text: `-${text}`, trend: "down", color: "red" };
  return { text, trend: "flat", color: "gray" };
}

function equipmentCompare(request) {
  // Check order: startDate, timeRange, now, setupA, setupB.
  const range = readRange(request);
  if (request.setupA === undefined) throw missing("setupA");
  const a = readSetup(request.setupA, ".setupA", range.start);
  if (request.setupB === undefined) throw missing("setupB");
  const b = readSetup(request.setupB, ".setupB", range.start);
  const sideA = side(a, ".setupA");
  const sideB = side(b, ".setupB");
  if (a.id === b.id) throw new RequestError("Choose two different setups to compare.", null, "SAME_SETUP");
  const averageScore = sideB.stats.averageScore - sideA.stats.averageScore;
  const accuracy = sideB.stats.accuracy - sideA.stats.accuracy;
  const consistency = sideB.stats.consistency - sideA.stats.consistency;
  const arrowCount = sideB.stats.totalArrows - sideA.stats.totalArrows;
  return {
    setupAName: sideA.shown,
    setupBName: sideB.shown,
    setupAStats: sideA.stats,
    setupBStats: sideB.stats,
    setupADrift: sideA.drift,
    setupBDrift: sideB.drift,
    deltas: { averageScore, accuracy, consistency, arrowCount },
    display: {
      averageScore: display(averageScore),
      accuracy: display(accuracy),
      consistency: display(consistency),
      arrowCount: display(arrowCount, true),
    },
    timeRange: { id: range.id, label: RANGE_LABELS[range.id] ?? "Custom", startTimestamp: range.start },
  };
}

function writeCompare(result) {
  const { deltas } = result;
  return `{"setupAName":${JSON.stringify(result.setupAName)},"setupBName":${JSON.stringify(result.setupBName)},`
    + `"setupAStats":${statsText(result.setupAStats)},"setupBStats":${statsText(result.setupBStats)},`
    + `"setupADrift":${driftText(result.setupADrift)},"setupBDrift":${driftText(result.setupBDrift)},`
    + `"deltas":{"averageScore":${swiftDouble(deltas.averageScore)},"accuracy":${swiftDouble(deltas.accuracy)},`
    + `"consistency":${swiftDouble(deltas.consistency)},"arrowCount":${deltas.arrowCount}},`
    + `"display":${JSON.stringify(result.display)},"timeRange":${JSON.stringify(result.timeRange)}}`;
}

// MARK: - scoring.leaderboard

const BOTH_TOTALS = "Give either arrows or totals, not both.";
const TOTALS = ["score", "tens", "xs", "arrowCount"];

/** An optional count (0 to 2^63 - 1), undefined when absent or null. */
function readCount(entry, key) {
  const value = entry[key];
  if (value == null) return undefined;
  if (typeof value === "number" && value >= 0 && value <= COUNT.high && Number.isInteger(value)) return value + 0;
  return expectInteger(value, `.${key}`, COUNT);
}

/** An entry: its totals (from its arrows or as given), participantId and displayName. */
function readEntry(entry) {
  const participantId = entry.participantId;
  if (participantId === undefined) throw missing("participantId");
  if (typeof participantId !== "string" || participantId === "") expectNonEmpty(participantId, ".participantId");
  const displayName = entry.displayName ?? undefined;
  if (displayName !== undefined && typeof displayName !== "string") expectString(displayName, ".displayName");
  if (entry.arrows != null) {
    const tally = new Tally();
    tally.add(entry.arrows, ".arrows", true);
    for (const key of TOTALS) if (entry[key] != null) throw new RequestError(BOTH_TOTALS, `.${key}`);
    return { score: tally.score, tens: tally.tens, xs: tally.xs, arrowCount: tally.arrows, participantId, displayName };
  }
  const score = readCount(entry, "score");
  const tens = readCount(entry, "tens") ?? 0;
  const xs = readCount(entry, "xs") ?? 0;
  const arrowCount = readCount(entry, "arrowCount") ?? 0;
  if (score === undefined) throw new RequestError('Give either "arrows" or "score".', ".score");
  if (xs > tens) throw new RequestError("xs cannot exceed tens: every X is a 10.", ".xs");
  return { score, tens, xs, arrowCount, participantId, displayName };
}

function scoringLeaderboard(request) {
  if (request.entries === undefined) throw missing("entries");
  const ranked = readObjects(request.entries, ".entries", readEntry);
  // By score, then tens, then Xs, all descending; equal entries keep their order (a stable sort).
  ranked.sort((a, b) => b.score - a.score || b.tens - a.tens || b.xs - a.xs);
  const entries = new Array(ranked.length);
  let rank = 0;
  let previous = null;
  for (let index = 0; index < ranked.length; index++) {
    const { score, tens, xs, arrowCount, participantId, displayName } = ranked[index];
    if (previous === null || score !== previous.score || tens !== previous.tens || xs !== previous.xs) {
      rank = index + 1;
      previous = ranked[index];
    }
    entries[index] = displayName === undefined
      ? { rank, participantId, score, tens, xs, arrowCount }
      : { rank, participantId, displayName, score, tens, xs, arrowCount };
  }
  return { entries };
}

// MARK: - matches.sections

const WINNERS = new Set(["HOME_TEAM", "AWAY_TEAM", "DRAW"]);
const WINNER_EXPECTED = '"HOME_TEAM", "AWAY_TEAM", "DRAW" or null';
const SEGMENTS = new Set(["all", "favorites"]);
const CALLED_OFF = new Map([["POSTPONED", "Postponed"], ["SUSPENDED", "Suspended"], ["CANCELLED", "Cancelled"]]);
const UTC_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar. */
function daysFromCivil(year, month, day) {
  year -= month <= 2 ? 1 : 0;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719468;
}

/** An RFC 3339 date-time's epoch milliseconds, or null when unparsable. */
function kickoff(text) {
  const found = UTC_DATE.exec(text);
  if (found === null) return null;
  const year = Number(found[1]), month = Number(found[2]), day = Number(found[3]);
  const hour = Number(found[4]), minute = Number(found[5]), second = Number(found[6]);
  if (hour > 23 || minute > 59 || second > 59 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  let offset = 0;
  if (found[8] !== undefined) {
    const hours = Number(found[9]), minutes = Number(found[10]);
    if (hours > 23 || minutes > 59) return null;
    offset = (hours * 3600 + minutes * 60) * (found[8] === "-" ? -1 : 1);
  }
  const fraction = found[7];
  const milliseconds = fraction === undefined ? 0 : Number(`${fraction}00`.slice(0, 3));
  return (daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset) * 1000 + milliseconds;
}

/** A v4 match, checked in the contract's order (score, competition, id, utcDate, matchday, status, homeTeam, awayTeam). */
function readMatch(match) {
  let winner, homeGoals, awayGoals;
  const score = match.score ?? undefined;
  if (score !== undefined) {
    expectObject(score, ".score");
    winner = score.winner ?? undefined;
    if (winner !== undefined) expectChoice(winner, ".score.winner", WINNERS, WINNER_EXPECTED);
    const fullTime = score.fullTime ?? undefined;
    if (fullTime !== undefined) {
      expectObject(fullTime, ".score.fullTime");
      homeGoals = readSmall(fullTime, "home", ".score.fullTime");
      awayGoals = readSmall(fullTime, "away", ".score.fullTime");
    }
  }
  const competition = match.competition ?? undefined;
  if (competition !== undefined) {
    expectObject(competition, ".competition");
    readText(competition, "name", ".competition");
    readText(competition, "code", ".competition");
  }
  if (match.id === undefined) throw missing("id");
  const id = expectInteger(match.id, ".id", INT64);
  const utcDate = readText(match, "utcDate");
  const matchday = readSmall(match, "matchday");
  const status = readText(match, "status");
  let home, homeCrest, away, awayCrest;
  const homeTeam = match.homeTeam ?? undefined;
  if (homeTeam !== undefined) {
    expectObject(homeTeam, ".homeTeam");
    home = readText(homeTeam, "name", ".homeTeam");
    homeCrest = readText(homeTeam, "crest", ".homeTeam");
  }
  const awayTeam = match.awayTeam ?? undefined;
  if (awayTeam !== undefined) {
    expectObject(awayTeam, ".awayTeam");
    away = readText(awayTeam, "name", ".awayTeam");
    awayCrest = readText(awayTeam, "crest", ".awayTeam");
  }
  return { id, utcDate, matchday, status, home, homeCrest, away, awayCrest, winner, homeGoals, awayGoals };
}

/** A stored favourite record, as readMatch gives a match (no status). */
function readFavorite(record) {
  if (record.id === undefined) throw missing("id");
  const id = expectInteger(record.id, ".id", INT64);
  const homeCrest = readText(record, "homeTeamImage");
  const awayCrest = readText(record, "awayTeamImage");
  const home = readText(record, "homeTeamName");
  const away = readText(record, "awayTeamName");
  const utcDate = readText(record, "utcDate");
  const matchday = readSmall(record, "matchday");
  const winner = record.winner ?? undefined;
  if (winner !== undefined) expectChoice(winner, ".winner", WINNERS, WINNER_EXPECTED);
  const homeGoals = readSmall(record, "fullTimeScoreHome");
  const awayGoals = readSmall(record, "fullTimeScoreAway");
  readText(record, "competitionCode");
  readText(record, "competitionName");
  return { id, utcDate, matchday, status: undefined, home, homeCrest, away, awayCrest, winner, homeGoals, awayGoals };
}

// ICU's own legacy zone names (Java's three-letter IDs, SystemV/...), which Intl takes and tzdata
// has not; EST, MST and HST are tzdata's too.
const ICU_ONLY = new Set("ACT AET AGT ART AST BET BST CAT CNT CST CTT EAT ECT IET IST JST MIT NET NST PLT PNT PRT PST SST VST".split(" "));
const zones = new Map(); // a name -> its formatter, or null for a name that is no zone's

/** The formatter of the zone named `name` exactly, or null. */
function zoneNamed(name) {
  let zone = zones.get(name);
  if (zone !== undefined) return zone;
  zone = null;
  if (name !== "" && !ICU_ONLY.has(name) && !name.startsWith("SystemV/")) {
    try {
      const format = new Intl.DateTimeFormat("en-US", {
        timeZone: name, hourCycle: "h23", era: "short",
        year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric",
      });
      const resolved = format.resolvedOptions().timeZone;
      // Intl takes names in any case; the database only as written (a link resolves to another name).
      if (resolved === name || resolved.toLowerCase() !== name.toLowerCase()) zone = format;
    } catch {
      // (RangeError: not a zone's name)
    }
  }
  zones.set(name, zone);
  return zone;
}

/** The local date and time at `at` (milliseconds) in the zone of `format`, to the minute; null outside years 1 to 9999. */
function localTime(format, at) {
  const parts = format.formatToParts(Math.floor(at / 1000) * 1000);
  let era = "AD", year = 0, month = 0, day = 0, hour = 0, minute = 0;
  for (const { type, value } of parts) {
    switch (type) {
      case "era": era = value; break;
      case "year": year = Number(value); break;
      case "month": month = Number(value); break;
      case "day": day = Number(value); break;
      case "hour": hour = Number(value); break;
      case "minute": minute = Number(value); break;
      default: break;
    }
  }
  if (era !== "AD" || year < 1 || year > 9999) return null;
  return { year, month, day, hour, minute, ordinal: daysFromCivil(year, month, day) };
}

const two = (number) => (number < 10 ? `0${number}` : String(number));
const four = (number) => String(number).padStart(4, "0");

function matchesSections(request) {
  const rows = request.matches == null ? [] : readObjects(request.matches, ".matches", readMatch);
  const favorites = request.favorites == null ? [] : readObjects(request.favorites, ".favorites", readFavorite);
  const segment = request.segment == null ? "all" : expectChoice(request.segment, ".segment", SEGMENTS, '"all" or "favorites"');
  const name = request.timeZone ?? "UTC";
  expectString(name, ".timeZone");
  const format = zoneNamed(name);
  if (format === null) throw new RequestError(`Unknown time zone ${quote(name)}; expected an IANA name such as "Europe/London".`, ".timeZone");

  const favoriteIds = new Set(favorites.map((row) => row.id));
  const dated = [];
  const unknown = [];
  const times = new Map(); // kick-off -> its local time (kick-offs repeat)
  for (const row of segment === "all" ? rows : favorites) {
    const at = row.utcDate === undefined ? null : kickoff(row.utcDate);
    let local = null;
    if (at !== null) {
      local = times.get(at);
      if (local === undefined) {
        local = localTime(format, at);
        times.set(at, local);
      }
    }
    if (local === null) unknown.push(row);
    else dated.push({ at, row, local });
  }
  dated.sort((a, b) => a.local.ordinal - b.local.ordinal || a.at - b.at || a.row.id - b.row.id);
  unknown.sort((a, b) => a.id - b.id);

  const sections = [];
  let current = null;
  let day = null;
  let dateText = "";
  for (const { row, local } of dated) {
    if (local.ordinal !== day) {
      day = local.ordinal;
      current = { title: `${two(local.month)}/${two(local.day)}/${four(local.year)}`, date: `${four(local.year)}-${two(local.month)}-${two(local.day)}`, matches: [] };
      dateText = `${two(local.month)}/${two(local.day)}`;
      sections.push(current);
    }
    current.matches.push(view(row, local, dateText, name, favoriteIds.has(row.id)));
  }
  if (unknown.length > 0) {
    sections.push({ title: "Unknown", matches: unknown.map((row) => view(row, null, "", name, favoriteIds.has(row.id))) });
  }
  return { segment, sections, counts: { all: rows.length, favorites: favorites.length } };
}

/** A match as listed. */
function view(row, local, dateText, zoneName, isFavorite) {
  const shown = { id: row.id, homeTeam: row.home ?? "N/A", awayTeam: row.away ?? "N/A" };
  if (row.homeCrest !== undefined) shown.homeCrest = row.homeCrest;
  if (row.awayCrest !== undefined) shown.awayCrest = row.awayCrest;
  if (row.utcDate !== undefined) shown.utcDate = row.utcDate;
  if (row.matchday !== undefined) shown.matchday = row.matchday;
  const calledOff = row.status === undefined ? undefined : CALLED_OFF.get(row.status);
  let statusText = "", label = "";
  if (row.winner !== undefined) statusText = `${row.homeGoals ?? 0}-${row.awayGoals ?? 0}`;
  else if (calledOff !== undefined) statusText = calledOff;
  else if (local !== null) {
    statusText = `${two(local.hour)}:${two(local.minute)}`;
    label = zoneName;
  }
  shown.played = row.winner !== undefined;
  shown.statusText = statusText;
  shown.timeZoneLabel = label;
  shown.dateText = dateText;
  shown.isFavorite = isFavorite;
  return shown;
}

// MARK: - participants.resolve

/** Why a text cannot be a Firestore document ID, or null when it can. */
function documentIdProblem(text) {
  const count = byteLength(text);
  if (count >= 3 && count <= 1500 && text[0] !== "_" && !text.includes("/")) return null;
  if (count === 0) return "A document ID cannot be empty.";
  if (count > 1500) return "A document ID cannot be longer than 1500 bytes.";
  if (text.includes("/")) return "A document ID cannot contain '/'.";
  if (count <= 2 && text[0] === "." && text[text.length - 1] === ".") return "A document ID cannot be '.' or '..'.";
  if (count >= 4 && text.startsWith("__") && text.endsWith("__")) return "A document ID cannot have the reserved form __...__.";
  return null;
}

/** Exactly `Archer N`, N a positive integer without leading zeros (ASCII digits). */
const PLACEHOLDER = /^Archer [1-9][0-9]*$/;

/** The name the signed-in user's own entry shows: their display name, else their email's part before the first @, when not blank. */
function ownName(user) {
  const name = user.displayName ?? undefined;
  if (name !== undefined && !isBlank(name)) return name;
  const email = user.email ?? undefined;
  if (email !== undefined) {
    const at = email.indexOf("@");
    const local = at < 0 ? email : email.slice(0, at);
    if (!isBlank(local)) return local;
  }
  return undefined;
}

function readUser(value) {
  if (value == null) return null;
  try {
    expectObject(value);
    if (value.uid === undefined) throw missing("uid");
    expectString(value.uid, ".uid");
    for (const key of ["displayName", "email"]) if (value[key] != null) expectString(value[key], `.${key}`);
  } catch (error) {
    throw inside(".currentUser", error);
  }
  return value;
}

/** A stored participant: its id, name ("" when none), joinedAt and isCreator. */
function readStoredParticipant(participant) {
  if (participant.participantId === undefined) throw missing("participantId");
  const participantId = expectNonEmpty(participant.participantId, ".participantId");
  const displayName = participant.displayName ?? undefined;
  if (displayName !== undefined) expectString(displayName, ".displayName");
  const joinedAt = participant.joinedAt == null ? undefined : expectInteger(participant.joinedAt, ".joinedAt", INT64);
  const isCreator = participant.isCreator ?? undefined;
  if (isCreator !== undefined) expectBoolean(isCreator, ".isCreator");
  return { participantId, displayName: displayName ?? "", joinedAt, isCreator: isCreator === true };
}

function participantsResolve(request) {
  if (request.tournamentId === undefined) throw missing("tournamentId");
  const tournament = expectString(request.tournamentId, ".tournamentId");
  const problem = documentIdProblem(tournament);
  if (problem !== null) throw new RequestError(problem, ".tournamentId");
  const stored = request.participants == null ? [] : readObjects(request.participants, ".participants", readStoredParticipant);
  const identifiers = request.participantIds ?? undefined;
  if (identifiers !== undefined) {
    expectArray(identifiers, ".participantIds");
    for (let index = 0; index < identifiers.length; index++) {
      const identifier = identifiers[index];
      if (identifier !== null && typeof identifier !== "string") expectString(identifier, `.participantIds[${index}]`);
    }
  }
  const user = readUser(request.currentUser);
  const now = request.now == null ? Date.now() : expectInteger(request.now, ".now", TIMESTAMP);
  const uid = user === null ? undefined : user.uid;
  const name = user === null ? undefined : ownName(user);

  if (stored.length > 0) { // the list as stored: participantIds is not read
    const participants = new Array(stored.length);
    for (let index = 0; index < stored.length; index++) {
      const { participantId, joinedAt, isCreator } = stored[index];
      let shown = stored[index].displayName;
      if (isBlank(shown) || PLACEHOLDER.test(shown)) {
        shown = participantId === uid && name !== undefined ? name : `Archer ${index + 1}`;
      }
      participants[index] = joinedAt === undefined
        ? { participantId, displayName: shown, isCreator }
        : { participantId, displayName: shown, joinedAt, isCreator };
    }
    return { source: "subcollection", participants, repair: { needed: false, writes: [] } };
  }

  // The legacy array: null and blank entries skipped, repeats kept once at their first place.
  const kept = [];
  const seen = new Set();
  for (let position = 0; position < (identifiers?.length ?? 0); position++) {
    const identifier = identifiers[position];
    if (identifier === null || seen.has(identifier) || isBlank(identifier)) continue;
    seen.add(identifier);
    const idProblem = documentIdProblem(identifier);
    if (idProblem !== null) throw new RequestError(idProblem, `.participantIds[${position}]`);
    kept.push(identifier);
  }
  if (kept.length === 0) return { source: "none", participants: [], repair: { needed: false, writes: [] } };
  const chosen = user === null ? undefined : user.displayName ?? undefined;
  const storedName = chosen !== undefined && !isBlank(chosen) && !PLACEHOLDER.test(chosen) ? chosen : undefined;
  const prefix = `tournaments/${tournament}/participants/`;
  const participants = new Array(kept.length);
  const writes = new Array(kept.length);
  for (let index = 0; index < kept.length; index++) {
    const participantId = kept[index];
    const mine = participantId === uid;
    const isCreator = index === 0;
    participants[index] = {
      participantId,
      displayName: mine && name !== undefined ? name : `Archer ${index + 1}`,
      joinedAt: now,
      isCreator,
    };
    const data = mine && storedName !== undefined
      ? { participantId, displayName: storedName, joinedAt: now, isCreator }
      : { participantId, joinedAt: now, isCreator };
    writes[index] = { path: prefix + participantId, merge: true, data };
  }
  return { source: "participantIds", participants, repair: { needed: true, writes } };
}

// MARK: - The methods

/** The rules over objects: a request object in, the result object out, or a RequestError thrown. */
export const rules = {
  "tournaments.filter": tournamentsFilter,
  "guests.check": guestsCheck,
  "equipment.stats": equipmentStats,
  "equipment.compare": equipmentCompare,
  "scoring.leaderboard": scoringLeaderboard,
  "matches.sections": matchesSections,
  "participants.resolve": participantsResolve,
};

/** How each method's result is written as the library writes it (JSON.stringify but where doubles must read as Swift's). */
const writers = {
  "equipment.stats": writeStats,
  "equipment.compare": writeCompare,
};

function failure(code, message, path) {
  return JSON.stringify({ ok: false, error: path === undefined ? { code, message } : { code, message, path } });
}

/** A method on the request text: JSON.parse, the rules, the envelope written; refusals as error envelopes. */
function respond(requestText, method, write) {
  let request;
  try {
    request = JSON.parse(requestText);
  } catch (error) {
    return failure("INVALID_JSON", error.message);
  }
  if (!isObject(request)) return failure("INVALID_JSON", "The request must be a JSON object.");
  let result;
  try {
    result = method(request);
  } catch (error) {
    if (error instanceof RequestError) return failure(error.code, error.message, error.path);
    return failure("INTERNAL", String(error));
  }
  return `{"ok":true,"result":${write(result)}}`;
}

/** The peers on text: the request's JSON text in, the response envelope's text out. */
export const plain = Object.fromEntries(Object.entries(rules).map(([name, method]) => {
  const write = writers[name] ?? JSON.stringify;
  return [name, (requestText) => respond(requestText, method, write)];
}));
