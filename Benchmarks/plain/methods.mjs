// "Plain JavaScript" peers of three TournamentCore methods: what a web developer would write
// for a page instead of calling the library's WebAssembly module. Each takes the request as JSON
// text, parses it with JSON.parse, applies the rules of docs/API.md to the parsed objects and
// writes the response envelope as the library writes it (member order, no white space).
//
//   import { plain } from "./methods.mjs";
//   plain["guests.check"](requestText)  // -> '{"ok":true,"result":{...}}'
//
// Known, documented differences from the library (valid requests only; see check.mjs):
// - Kept-verbatim members of tournament documents go through JSON.parse/JSON.stringify, so a
//   number is written in JavaScript's form (`1.50` -> `1.5`, `1E2` -> `100`, `-0` -> `0`,
//   `1e-400` -> `0`, big integers rounded), a string escape is re-encoded (`"\u00e9"` -> `"é"`),
//   and integer-like keys ("7") come first, as every JavaScript object orders them.
// - Integers beyond 2^53 (a `setupId` of 2^60) lose precision in JSON.parse.
// Rejected requests give an `{"ok":false,...}` envelope; its message and path follow the
// library's where that was easy, but need not be the same (numbers are spelled as JavaScript
// writes them, and a request with several problems may report another one first).

// MARK: - Envelopes and validation

/**
 * A refused request: INVALID_REQUEST with the JSONPath of the offending value. The readers give
 * the path relative to what they read (".score"); each enclosing level prefixes its own part as
 * the error goes up (`inside`), so that no path is built for the values that are fine.
 */
class RequestError extends Error {
  constructor(message, path = "") {
    super(message);
    this.path = path;
  }
}

/** `error` (thrown while reading the value at `prefix`), its path made relative to the enclosing level. */
function inside(prefix, error) {
  if (error instanceof RequestError) error.path = prefix + error.path;
  return error;
}

const ok = (result) => `{"ok":true,"result":${result}}`;

function failure(code, message, path) {
  return JSON.stringify({ ok: false, error: path === undefined ? { code, message } : { code, message, path } });
}

/** Runs a method on the request text: parse, apply, and turn refusals into error envelopes. */
function respond(requestText, method) {
  let request;
  try {
    request = JSON.parse(requestText);
  } catch (error) {
    return failure("INVALID_JSON", error.message);
  }
  if (!isObject(request)) return failure("INVALID_JSON", "The request must be a JSON object.");
  try {
    return ok(method(request));
  } catch (error) {
    if (error instanceof RequestError) return failure("INVALID_REQUEST", error.message, `$${error.path}`);
    return failure("INTERNAL", String(error));
  }
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** How an error message names the type of a value ("found a string"). */
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

/** A required member: present, and not null (null is then a type error of the reader). */
function required(object, key) {
  const value = object[key];
  if (value === undefined) throw new RequestError(`Missing required field "${key}".`, `.${key}`);
  return value;
}

function expectString(value, path) {
  if (typeof value !== "string") throw new RequestError(`Expected a string, found ${kind(value)}.`, path);
  return value;
}

function expectNonEmptyString(value, path) {
  if (expectString(value, path) === "") throw new RequestError("Expected a non-empty string.", path);
  return value;
}

function expectBoolean(value, path) {
  if (typeof value !== "boolean") throw new RequestError(`Expected a boolean, found ${kind(value)}.`, path);
  return value;
}

function expectObject(value, path) {
  if (!isObject(value)) throw new RequestError(`Expected an object, found ${kind(value)}.`, path);
  return value;
}

function expectArray(value, path) {
  if (!Array.isArray(value)) throw new RequestError(`Expected an array, found ${kind(value)}.`, path);
  return value;
}

/** A finite number (JSON.parse reads an overflowing literal such as 1e400 as Infinity). */
function expectNumber(value, path) {
  if (typeof value !== "number") throw new RequestError(`Expected a number, found ${kind(value)}.`, path);
  if (!Number.isFinite(value)) throw new RequestError(`Expected a finite number, found ${value}.`, path);
  return value;
}

/**
 * An integer value from `min` to `max`, however written (`8`, `8.0`, `8e0` all read as 8);
 * `range` spells the bounds in the message (2^63 - 1 has no exact double).
 */
function expectInteger(value, path, min, max, range = `${min} to ${max}`) {
  if (typeof value !== "number") throw new RequestError(`Expected an integer, found ${kind(value)}.`, path);
  if (Number.isFinite(value) && !Number.isInteger(value)) throw new RequestError(`Expected an integer, found ${value}.`, path);
  if (!(value >= min && value <= max)) throw new RequestError(`Expected an integer from ${range}, found ${value}.`, path);
  return value;
}

// 64-bit integer fields: below 2^63 (whose double is the nearest one to Int64.max).
const INT64_MIN = -(2 ** 63);
const INT64_MAX = 2 ** 63 - 1024; // the largest double below 2^63
const INT32_MAX = 2147483647;

/** The value of an optional member: undefined when absent or null (null is "not given"). */
const optional = (object, key) => object[key] ?? undefined;

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

// MARK: - Tournament documents (tournaments.filter, guests.check)

const STATUSES = new Set(["OPEN", "IN_PROGRESS", "COMPLETED", "CANCELLED"]);
const KNOWN_FIELDS = new Set(["id", "name", "location", "status", "public", "currentParticipants", "maxParticipants"]);

/**
 * Reads a stored tournament document: `id` a required non-empty string, the other known
 * fields take their defaults when absent or null, the status is read in any case (Unicode
 * uppercasing; an unknown word is OPEN). Returns the seven known fields in the contract's
 * order; the other members stay on `document` (see `normalized`).
 */
function readTournament(document) {
  expectObject(document);
  const id = expectNonEmptyString(required(document, "id"), ".id");
  const name = optional(document, "name");
  const location = optional(document, "location");
  const status = optional(document, "status");
  const isPublic = optional(document, "public");
  const current = optional(document, "currentParticipants");
  const maximum = optional(document, "maxParticipants");
  if (name !== undefined) expectString(name, ".name");
  if (location !== undefined) expectString(location, ".location");
  if (status !== undefined) expectString(status, ".status");
  if (isPublic !== undefined) expectBoolean(isPublic, ".public");
  if (current !== undefined) expectInteger(current, ".currentParticipants", 0, INT32_MAX);
  if (maximum !== undefined) expectInteger(maximum, ".maxParticipants", 0, INT32_MAX);
  const upper = status?.toUpperCase();
  return {
    id,
    name: name ?? "",
    location: location ?? "",
    status: STATUSES.has(upper) ? upper : "OPEN",
    public: isPublic ?? false,
    // `+ 0` writes -0 (a count spelled `-0.0`) as 0.
    currentParticipants: (current ?? 0) + 0,
    maxParticipants: (maximum ?? 0) + 0,
  };
}

/** The normalized tournament as listed: the known fields, then the document's other members in order. */
function normalized(tournament, document) {
  // (An object literal: copying with `{ ...tournament }` is many times slower in V8 here.)
  const { id, name, location, status, currentParticipants, maxParticipants } = tournament;
  const listed = { id, name, location, status, public: tournament.public, currentParticipants, maxParticipants };
  for (const key in document) {
    if (KNOWN_FIELDS.has(key)) continue;
    // A member named "__proto__" (an own property of what JSON.parse makes) is kept as a
    // member: assigned, it would set the object's prototype instead.
    if (key === "__proto__") Object.defineProperty(listed, key, { value: document[key], enumerable: true, writable: true, configurable: true });
    else listed[key] = document[key];
  }
  return listed;
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

const EMPTY_STATES = {
  active: { icon: "target", title: "No Active Tournaments", message: "Check back later for upcoming tournaments" },
  completed: { icon: "checkmark.circle", title: "No Completed Tournaments", message: "Completed tournaments will appear here" },
  all: { icon: "target", title: "No Tournaments", message: "Check back later for upcoming tournaments" },
};

/** `tab`: a name, or the apps' index (0 active, 1 completed, any other integer all). */
function readTab(value) {
  if (value === undefined) return "active";
  if (typeof value === "string" && TABS.has(value)) return value;
  // An integer however large (JSON.parse reads 1e400 as Infinity: an integer too).
  if (typeof value === "number" && (Number.isInteger(value) || !Number.isFinite(value))) {
    return value === 0 ? "active" : value === 1 ? "completed" : "all";
  }
  throw new RequestError(`Expected "active", "completed", "all" or a tab index, found ${JSON.stringify(value)}.`, ".tab");
}

/** `invalidDocuments`: whether invalid documents are skipped (`"skip"`) or refused (`"reject"`, the default). */
function readSkipping(value) {
  if (value === undefined || value === "reject") return false;
  if (value === "skip") return true;
  throw new RequestError(`Expected "reject" or "skip", found ${JSON.stringify(value)}.`, ".invalidDocuments");
}

function filterTournaments(request) {
  const documents = expectArray(required(request, "tournaments"), ".tournaments");
  const skipping = readSkipping(optional(request, "invalidDocuments"));

  // Every document is read (and checked) before the filter's own fields.
  const tournaments = [];
  const skipped = [];
  documents.forEach((document, index) => {
    try {
      tournaments.push({ tournament: readTournament(document), document });
    } catch (error) {
      inside(`.tournaments[${index}]`, error);
      if (!skipping || !(error instanceof RequestError)) throw error;
      const id = isObject(document) && typeof document.id === "string" && document.id !== "" ? document.id : undefined;
      skipped.push(id === undefined
        ? { index, code: "INVALID_REQUEST", message: error.message, path: `$${error.path}` }
        : { index, id, code: "INVALID_REQUEST", message: error.message, path: `$${error.path}` });
    }
  });

  const tab = readTab(optional(request, "tab"));
  const publicOnly = optional(request, "publicOnly");
  if (publicOnly !== undefined) expectBoolean(publicOnly, ".publicOnly");
  const query = optional(request, "query");
  if (query !== undefined) expectString(query, ".query");
  const limitValue = optional(request, "limit");
  const limit = limitValue === undefined ? Infinity : expectInteger(limitValue, ".limit", 0, INT64_MAX, "0 to 9223372036854775807");
  // A blank query (after trimming Unicode white space) searches nothing: every name matches.
  const needle = query === undefined ? "" : fold(query.replace(SURROUNDING_WHITE_SPACE, ""));

  // Counts are taken after publicOnly and the query, before the tab and the limit.
  const counts = { active: 0, completed: 0, all: 0 };
  const listed = [];
  let matchesTab = 0;
  for (const { tournament, document } of tournaments) {
    if (publicOnly && !tournament.public) continue;
    if (needle !== "" && !fold(tournament.name).includes(needle) && !fold(tournament.location).includes(needle)) continue;
    const { status } = tournament;
    const isActive = status === "OPEN" || status === "IN_PROGRESS";
    const isCompleted = status === "COMPLETED";
    counts.all += 1;
    if (isActive) counts.active += 1;
    if (isCompleted) counts.completed += 1;
    // CANCELLED is listed under "all" only.
    if (tab === "active" ? !isActive : tab === "completed" ? !isCompleted : false) continue;
    matchesTab += 1;
    if (listed.length < limit) listed.push(normalized(tournament, document));
  }

  const isEmpty = matchesTab === 0; // whatever the limit
  const result = {
    tab,
    tournaments: listed,
    counts,
    labels: { active: `Active (${counts.active})`, completed: `Completed (${counts.completed})` },
    isEmpty,
    emptyState: isEmpty ? EMPTY_STATES[tab] : null,
  };
  if (skipping) result.skipped = skipped;
  return JSON.stringify(result);
}

// MARK: - guests.check

const GUEST_LIMITS = { maxGuestsPerParticipant: 2, maxTotalGuests: 10 };

function checkGuests(request) {
  const tournamentDocument = optional(request, "tournament");
  let tournament = null;
  try {
    if (tournamentDocument !== undefined) tournament = readTournament(tournamentDocument);
  } catch (error) {
    throw inside(".tournament", error);
  }

  // Participants: who is a guest, and who added each guest.
  const participants = optional(request, "participants") ?? [];
  expectArray(participants, ".participants");
  const guestsAddedBy = [];
  participants.forEach((participant, index) => {
    try {
      expectObject(participant);
      expectNonEmptyString(required(participant, "participantId"), ".participantId");
      const isGuest = optional(participant, "guestParticipant");
      const addedBy = optional(participant, "addedBy");
      if (isGuest !== undefined) expectBoolean(isGuest, ".guestParticipant");
      if (addedBy !== undefined) expectString(addedBy, ".addedBy");
      if (isGuest) guestsAddedBy.push(addedBy);
    } catch (error) {
      throw inside(`.participants[${index}]`, error);
    }
  });

  // The signed-in user (null: signed out).
  const user = optional(request, "currentUserId") ?? null;
  if (user !== null) expectNonEmptyString(user, ".currentUserId");

  // The limits in force: each missing or null one takes its default.
  const limits = { ...GUEST_LIMITS };
  const given = optional(request, "limits");
  if (given !== undefined) {
    expectObject(given, ".limits");
    for (const key of ["maxGuestsPerParticipant", "maxTotalGuests"]) {
      const value = optional(given, key);
      if (value !== undefined) limits[key] = expectInteger(value, `.limits.${key}`, 0, INT32_MAX) + 0;
    }
  }

  // IDs are compared as they are stored (exactly: no Unicode equivalence).
  const totalGuestCount = guestsAddedBy.length;
  const guestCount = user === null ? 0 : guestsAddedBy.filter((addedBy) => addedBy === user).length;
  const remainingForUser = Math.max(0, limits.maxGuestsPerParticipant - guestCount);
  const remainingTotal = Math.max(0, limits.maxTotalGuests - totalGuestCount);

  // The first rule that fails.
  let reason = null;
  if (user === null) {
    reason = { code: "NOT_AUTHENTICATED", message: "You must be signed in to add a guest." };
  } else if (guestCount >= limits.maxGuestsPerParticipant) {
    reason = { code: "MAX_GUESTS_PER_USER_REACHED", message: `You can only add ${limits.maxGuestsPerParticipant} guest(s) per participant.` };
  } else if (totalGuestCount >= limits.maxTotalGuests) {
    reason = { code: "MAX_TOTAL_GUESTS_REACHED", message: `This tournament has reached the maximum of ${limits.maxTotalGuests} total guests.` };
  } else if (tournament?.status !== "IN_PROGRESS") {
    reason = { code: "TOURNAMENT_NOT_IN_PROGRESS", message: "Guests can only be added to tournaments in progress." };
  }

  return JSON.stringify({
    guestCount,
    totalGuestCount,
    remainingForUser,
    remainingTotal,
    remaining: Math.min(remainingForUser, remainingTotal),
    canAddGuest: reason === null,
    reason,
    limits,
  });
}

// MARK: - equipment.stats

const DAY_MS = 86_400_000;
const RANGE_DAYS = { sevenDays: 7, thirtyDays: 30, ninetyDays: 90, oneYear: 365, allTime: null };
const LAST_TIMESTAMP = 253402300799999; // the last millisecond of year 9999
const MAX_COORDINATE = 1000;

/** The first timestamp counted: `startDate`, or `now` minus the range's days (`allTime`: -Infinity). */
function readStart(request) {
  const startDate = optional(request, "startDate");
  if (startDate !== undefined) {
    expectInteger(startDate, ".startDate", 0, LAST_TIMESTAMP);
    if (optional(request, "timeRange") !== undefined) {
      throw new RequestError("Give either timeRange or startDate, not both.", ".timeRange");
    }
    const nowValue = optional(request, "now"); // not used beside a startDate, and still checked
    if (nowValue !== undefined) expectInteger(nowValue, ".now", 0, LAST_TIMESTAMP);
    return startDate;
  }
  const range = optional(request, "timeRange") ?? "thirtyDays";
  expectString(range, ".timeRange");
  if (!Object.hasOwn(RANGE_DAYS, range)) {
    const names = Object.keys(RANGE_DAYS).map((name) => `"${name}"`).join(", ");
    throw new RequestError(`Expected one of ${names}, found ${JSON.stringify(range)}.`, ".timeRange");
  }
  const nowValue = optional(request, "now");
  const now = nowValue === undefined ? Date.now() : expectInteger(nowValue, ".now", 0, LAST_TIMESTAMP);
  const days = RANGE_DAYS[range];
  return days === null ? -Infinity : now - days * DAY_MS;
}

function equipmentStats(request) {
  const setupId = expectInteger(required(request, "setupId"), ".setupId", INT64_MIN, INT64_MAX,
    "-9223372036854775808 to 9223372036854775807") + 0;
  const rounds = expectArray(required(request, "rounds"), ".rounds");
  const start = readStart(request);

  // Every arrow is checked; those of the rounds on or after `start` are counted.
  let arrowCount = 0, totalScore = 0, tenCount = 0, xCount = 0, ninesOrBetter = 0, roundCount = 0;
  const xs = [];
  const ys = [];
  rounds.forEach((round, roundIndex) => {
    try {
      expectObject(round);
      const id = optional(round, "id");
      if (id !== undefined) expectString(id, ".id");
      const date = expectInteger(required(round, "date"), ".date", 0, LAST_TIMESTAMP);
      const arrows = expectArray(required(round, "arrows"), ".arrows");
      const counts = date >= start;
      if (counts && arrows.length > 0) roundCount += 1;
      arrows.forEach((arrow, arrowIndex) => {
        try {
          expectObject(arrow);
          const score = expectInteger(required(arrow, "score"), ".score", 0, 10);
          const isX = optional(arrow, "isX") ?? false;
          expectBoolean(isX, ".isX");
          const x = optional(arrow, "x");
          const y = optional(arrow, "y");
          if (x !== undefined) expectNumber(x, ".x");
          if (y !== undefined) expectNumber(y, ".y");
          // The arrow's own rules.
          if (isX && score !== 10) throw new RequestError("Only a 10 can be an X.", ".isX");
          if (x !== undefined && Math.abs(x) > MAX_COORDINATE) throw new RequestError("x must be a number from -1000 to 1000.", ".x");
          if (y !== undefined && Math.abs(y) > MAX_COORDINATE) throw new RequestError("y must be a number from -1000 to 1000.", ".y");
          if (!counts) return;
          arrowCount += 1;
          totalScore += score;
          if (score === 10) tenCount += 1;
          if (score >= 9) ninesOrBetter += 1;
          if (isX) xCount += 1;
          // Only arrows with both coordinates count for drift.
          if (x !== undefined && y !== undefined) {
            xs.push(x);
            ys.push(y);
          }
        } catch (error) {
          throw inside(`.arrows[${arrowIndex}]`, error);
        }
      });
    } catch (error) {
      throw inside(`.rounds[${roundIndex}]`, error);
    }
  });

  // Percentages are count × 100 / arrows; every figure is 0 without arrows.
  const average = arrowCount === 0 ? 0 : totalScore / arrowCount;
  const accuracy = arrowCount === 0 ? 0 : (tenCount * 100) / arrowCount;
  const consistency = arrowCount === 0 ? 0 : (ninesOrBetter * 100) / arrowCount;
  const stats = `{"setupId":${setupId},"totalArrows":${arrowCount},"totalScore":${totalScore},`
    + `"averageScore":${swiftDouble(average)},"accuracy":${swiftDouble(accuracy)},"consistency":${swiftDouble(consistency)},`
    + `"xCount":${xCount},"tenCount":${tenCount},"roundCount":${roundCount}}`;
  return `{"stats":${stats},"drift":${drift(setupId, xs, ys)}}`;
}

/** Means and population standard deviations of the impacts, in two passes in arrow order; null without impacts. */
function drift(setupId, xs, ys) {
  const n = xs.length;
  if (n === 0) return "null";
  let sumX = 0, sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += xs[i];
    sumY += ys[i];
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let squaresX = 0, squaresY = 0;
  for (let i = 0; i < n; i++) {
    squaresX += (xs[i] - meanX) * (xs[i] - meanX);
    squaresY += (ys[i] - meanY) * (ys[i] - meanY);
  }
  return `{"setupId":${setupId},"xDriftAverage":${swiftDouble(meanX)},"yDriftAverage":${swiftDouble(meanY)},`
    + `"xSpread":${swiftDouble(Math.sqrt(squaresX / n))},"ySpread":${swiftDouble(Math.sqrt(squaresY / n))},"arrowCount":${n}}`;
}

// MARK: - The methods

export const plain = {
  "tournaments.filter": (requestText) => respond(requestText, filterTournaments),
  "guests.check": (requestText) => respond(requestText, checkGuests),
  "equipment.stats": (requestText) => respond(requestText, equipmentStats),
};
