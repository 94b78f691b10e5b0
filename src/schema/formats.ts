import type { Ajv2020, Format } from "ajv/dist/2020.js";
import { isIdnEmail } from "./idn-email.js";
import { isUrl } from "./url-format.js";
import dependencies from "./load-dependencies.cjs";

/** The format checks toolwright takes from @hyperjump/json-schema-formats, by the name of their function there. */
type SpecCheck =
  | "isDateTime"
  | "isDuration"
  | "isEmail"
  | "isIdnEmail"
  | "isAsciiIdn"
  | "isIdn"
  | "isUri"
  | "isUriReference"
  | "isIri"
  | "isIriReference"
  | "isUuid"
  | "isUriTemplate"
  | "isRegex";

/**
 * The formats JSON Schema 2020-12 names that ajv-formats does not check, or checks more loosely than the RFC the
 * specification cites: these are checked by @hyperjump/json-schema-formats (written by a JSON Schema implementer
 * against the JSON Schema Test Suite). ajv-formats keeps the rest, and the non-standard formats it adds.
 */
const SPEC_CHECKS: Readonly<Record<string, SpecCheck>> = {
  "date-time": "isDateTime",
  duration: "isDuration",
  email: "isEmail",
  "idn-email": "isIdnEmail",
  hostname: "isAsciiIdn",
  "idn-hostname": "isIdn",
  uri: "isUri",
  "uri-reference": "isUriReference",
  iri: "isIri",
  "iri-reference": "isIriReference",
  uuid: "isUuid",
  "uri-template": "isUriTemplate",
  regex: "isRegex",
};

/**
 * Every format name a call's arguments are checked against (`format` is an assertion in toolwright, not the
 * annotation JSON Schema 2020-12 makes it by default): the 2020-12 formats and ajv-formats' additions. A test keeps
 * this list equal to what the validator really has.
 */
export const CHECKED_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
  "iso-time",
  "iso-date-time",
  "url",
  "json-pointer-uri-fragment",
  "byte",
  "int32",
  "int64",
  "float",
  "double",
  "password",
  "binary",
]);

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
type Check = (value: string) => boolean;

let specChecks: Readonly<Record<string, Check>> | undefined | null;

// The checks built on its hostname check print each refused hostname's exception with console.log (1.0.7); a model's
// bad hostname must not write a stack trace to the app's console, so console.log is silenced for those calls only.
const PRINTING: ReadonlySet<SpecCheck> = new Set(["isIdnEmail", "isAsciiIdn", "isIdn"]);

// Loaded on the first string checked, not when a schema compiles: the library reads a Unicode mapping table (~25 ms).
// Where it cannot be loaded (Node before 20.19, an ES module bundle without node_modules), ajv-formats' own check
// stands in, and a format ajv-formats lacks refuses every value rather than pass one unchecked.
function spec(name: SpecCheck, fallback: Check | undefined): Check {
  return (value) => {
    if (specChecks === undefined) specChecks = linear(dependencies.loadFormatChecks());
    const check = specChecks?.[name] ?? fallback;
    if (!check) return false;
    const log = console.log;
    if (PRINTING.has(name)) console.log = () => {};
    try {
      return check(value);
    } catch {
      // @hyperjump/uri throws on some hosts it cannot parse (an IPvFuture with an uppercase "V"): not a valid value.
      return false;
    } finally {
      console.log = log;
    }
  };
}

// Every check must answer in time linear in the string (a model chooses it). The library's idn-email pattern backtracks
// exponentially on non-ASCII letters, so toolwright's own RE2 form of the same grammar replaces it (as ajv-formats'
// quadratic `url` is replaced below); the other checks were measured growing at most linearly on runs of every
// character class their grammars use (docs/hardening.md).
function linear(loaded: Record<string, Check> | undefined): Readonly<Record<string, Check>> | null {
  if (!loaded) return null;
  const isIdn = loaded["isIdn"];
  return isIdn ? { ...loaded, isIdnEmail: (value) => isIdnEmail(value, isIdn) } : loaded;
}

/** Adds every format of {@link CHECKED_FORMATS} to `ajv`, loading ajv-formats now and the spec checks on first use. */
export function addFormats(ajv: Ajv2020): Ajv2020 {
  const formatsModule = dependencies.loadFormats();
  // ajv-formats is CommonJS: its function is module.exports and also its `.default`; interop may leave either.
  const plugin =
    (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);
  plugin(ajv);
  for (const [format, name] of Object.entries(SPEC_CHECKS)) {
    const previous = ajv.formats[format] as Format | undefined;
    const own = typeof previous === "object" && !(previous instanceof RegExp) ? previous : undefined;
    const fallback: Check | undefined =
      previous instanceof RegExp
        ? (value) => previous.test(value)
        : typeof previous === "function"
          ? (previous as Check)
          : typeof own?.validate === "function"
            ? (own.validate as Check)
            : own?.validate instanceof RegExp
              ? (value) => (own.validate as RegExp).test(value)
              : undefined;
    // `compare` (formatMinimum and its kin) is ajv-formats' own, and stays where it had one.
    const compare = own && "compare" in own && own.compare ? { compare: own.compare } : {};
    ajv.addFormat(format, { type: "string", validate: spec(name, fallback), ...compare } as Format);
  }
  // ajv-formats' own `url` pattern backtracks quadratically: the same language, matched by RE2.
  ajv.addFormat("url", { type: "string", validate: isUrl });
  return ajv;
}

/** Returns true when toolwright checks strings against `format` (see {@link CHECKED_FORMATS}). */
export function isCheckedFormat(format: string): boolean {
  return CHECKED_FORMATS.has(format);
}

/**
 * Returns the checks {@link addFormats} gives ajv, by format name, collected without an ajv instance: for the
 * validators that are not ajv's own (the no-eval interpreter, precompiled validators), so a string passes `format` on
 * the same terms on every validator.
 */
export function collectFormats(): Record<string, Format> {
  const collected: Record<string, Format> = {};
  // addFormats writes to an ajv instance through these members only; this one only collects what it adds.
  const collector = {
    opts: { code: {} },
    formats: collected,
    addFormat(name: string, format: Format) {
      collected[name] = format;
      return collector;
    },
    addKeyword() {
      return collector;
    },
  };
  addFormats(collector as unknown as Ajv2020);
  return collected;
}
