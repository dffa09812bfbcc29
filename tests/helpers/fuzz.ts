/**
 * Generated inputs for the fuzz test (fast-check): hostile values of every kind (wrong types, huge
 * strings, deep nesting, unicode, nulls, arrays where objects belong, extra keys), and values shaped
 * by a procedure's zod input schema (its keys, with values of the right type or the wrong one), so
 * that some calls pass validation and reach the services.
 */
import fc from "fast-check";

/** What the fuzz test prints and re-runs with: FUZZ_SEED=<n> repeats a run exactly. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/** Texts an answer must never show: stack frames, the ORM, SQL, file paths, JavaScript error names. */
export const INTERNAL_DETAIL =
  /prisma|\bstack\b|at (?:async )?[\w.<>]+ \(|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|invalid `|node_modules|\/work\/|src\/server|ECONN\w+|\b(?:TypeError|ReferenceError|RangeError|SyntaxError)\b|Cannot read propert|is not a function|is not defined/i;

const HUGE = "x".repeat(20_000);
const SPECIAL_STRINGS = [
  "",
  " ",
  "\u0000",
  "\uD800", // a lone surrogate
  "\u202Eevil",
  '\'; DROP TABLE "User"; --',
  "%' OR '1'='1",
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  "{{7*7}}${7*7}",
  "Ünïcödé straße 🇩🇪 👩‍🎓 中文 العربية",
  "𝕳𝖊𝖑𝖑𝖔",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "2999-01-01",
  "0000-00-00",
  "not-a-date",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "cus_does_not_exist",
  "pm_does_not_exist",
  "sub_does_not_exist",
  "00000000-0000-0000-0000-000000000000",
  "a".repeat(256),
  HUGE,
  "ä".repeat(6_000),
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 0.5, -0.5, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An array or object nested `depth` levels deep. */
function nest(depth: number, asArray: boolean): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

const deepValue = fc.tuple(fc.integer({ min: 20, max: 400 }), fc.boolean()).map(([depth, asArray]) => nest(depth, asArray));

const leaf = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));

/** Any hostile value: a wrong type, a huge or odd string, deep nesting, null, an array, an object of junk. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 2_000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
);

interface ZodLike {
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions differ per schema type
  _zod: { def: Record<string, any> & { type: string } };
}

const isZod = (value: unknown): value is ZodLike => typeof value === "object" && value !== null && "_zod" in value;

/**
 * A value for `schema` that often fits its type and sometimes does not; `ids` are real ids of the
 * test database, so that lookups sometimes find something.
 */
export function valueFor(schema: unknown, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!isZod(schema) || depth > 6) return nastyValue;
  const def = schema._zod.def;
  const fitting = ((): fc.Arbitrary<unknown> | null => {
    switch (def.type) {
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "catch":
      case "readonly":
      case "nonoptional":
        return valueFor(def.innerType, ids, depth + 1);
      case "pipe":
        return valueFor(def.in, ids, depth + 1);
      case "lazy":
        return null;
      case "string":
        return fc.oneof(nastyString, ids.length ? fc.constantFrom(...ids) : nastyString, fc.emailAddress(), fc.webUrl());
      case "number":
      case "int":
        return nastyNumber;
      case "boolean":
        return fc.boolean();
      case "date":
        return fc.date({ noInvalidDate: false });
      case "enum":
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case "literal":
        return fc.constantFrom(...(def.values as unknown[]));
      case "array":
        return fc.array(valueFor(def.element, ids, depth + 1), { maxLength: 4 });
      case "union":
        return fc.oneof(...(def.options as unknown[]).map((option) => valueFor(option, ids, depth + 1)));
      case "record":
        return fc.dictionary(fc.oneof(nastyString, fc.constantFrom("a", "b")), valueFor(def.valueType, ids, depth + 1), { maxKeys: 4 });
      case "object":
        return shapedObject(def.shape as Record<string, unknown>, ids, depth);
      default:
        return null;
    }
  })();
  return fitting ? fc.oneof({ weight: 3, arbitrary: fitting }, { weight: 1, arbitrary: nastyValue }) : nastyValue;
}

/** An object with some of the schema's keys (values that fit or not) and sometimes keys it does not know. */
function shapedObject(shape: Record<string, unknown>, ids: string[], depth: number): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, valueFor(field, ids, depth + 1)]));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.record(fields),
      fc.dictionary(fc.constantFrom("__proto__", "constructor", "extra", "id", "userId", "role", "isAdmin", "price"), nastyValue, {
        maxKeys: 2,
      }),
      fc.nat(3),
    )
    .map(([some, all, extra, pick]) => (pick === 0 ? some : pick === 1 ? { ...all, ...extra } : pick === 2 ? { ...some, ...extra } : all));
}

/** Inputs for a procedure whose input schemas are `inputs`: mostly shaped by them, else hostile, or an array of them. */
export function procedureInput(inputs: unknown[], ids: string[]): fc.Arbitrary<unknown> {
  const shaped = inputs.length > 0 ? valueFor(inputs[inputs.length - 1], ids) : nastyValue;
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: nastyValue },
    { weight: 1, arbitrary: fc.array(shaped, { maxLength: 3 }) },
  );
}

/** Bodies that are not JSON at all, or JSON cut short. */
export const malformedJson = fc.constantFrom(
  '{"a": ',
  "{",
  "[1, 2",
  "nul",
  "'single'",
  "{a: 1}",
  '{"a": 1,}',
  "\u0000",
  "\uFEFF{}",
  "{".repeat(5_000),
  '"\\ud800"',
  "[]]",
);

/**
 * Escapes no route can read, as they appear in an address: NUL, broken UTF-8 (a lone continuation byte,
 * a cut sequence, an encoded surrogate, an overlong NUL) and malformed percent-encoding.
 */
export const UNREADABLE_ESCAPES = ["%00", "%ff", "%c3%28", "%E0%A4%A", "%ED%A0%80", "%C0%80", "%", "%zz", "%%"] as const;

/** Text with one unreadable escape somewhere in it, for a path segment or a query value (already percent-encoded). */
export const unreadableText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNREADABLE_ESCAPES), fc.string({ maxLength: 8 }))
  .map(([before, oddEscape, after]) => `${encodeURIComponent(before)}${oddEscape}~${encodeURIComponent(after)}`); // "~" keeps the escape from being completed by the text after it

/** Pages that read their query string, with the keys they read (and the values of a valid address). */
export const PAGES_WITH_QUERY: { path: string; keys: string[] }[] = [
  { path: "/community", keys: ["list"] },
  { path: "/community/search", keys: ["q", "category", "solved"] },
  { path: "/community/new", keys: ["category", "title"] },
  { path: "/community/c/off-topic", keys: ["list"] },
  { path: "/community/tag/visa", keys: ["list"] },
  { path: "/tools/university-finder", keys: ["q", "city", "state", "type", "sort", "page", "track"] },
  { path: "/tools/scholarship-search", keys: ["level", "subject", "nationality", "openNow"] },
  { path: "/tools/cost-calculator", keys: ["city", "housing", "age", "lifestyle", "sharing"] },
  { path: "/tools/visa-checker", keys: ["nationality", "purpose", "holdsGermanTitle", "funding"] },
  { path: "/compare", keys: ["countries", "criteria"] },
  { path: "/students", keys: ["topic", "q"] },
  { path: "/about/contact", keys: ["subject", "from"] },
  { path: "/reset-password", keys: ["token"] },
  { path: "/verify-email", keys: ["token"] },
  { path: "/newsletter/confirm", keys: ["token"] },
  { path: "/invite", keys: ["token"] },
];

/** A query string of a page's keys (repeated keys too) with hostile but readable values, percent-encoded as a browser would. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }),
        nastyString,
      ),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .map((pairs) => new URLSearchParams(pairs.map(([key, value]) => [key, value.slice(0, 2_000)])).toString());
}

/** A query string with one unreadable value among readable ones. */
export function unreadableQuery(keys: string[]): fc.Arbitrary<string> {
  return fc
    .tuple(hostileQuery(keys), fc.constantFrom(...keys), unreadableText)
    .map(([readable, key, unreadable]) => `${readable}&${encodeURIComponent(key)}=${unreadable}`);
}
