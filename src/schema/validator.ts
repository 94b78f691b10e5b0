import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type { ArgumentIssue } from "../errors/errors.js";
import { issuesOf } from "./argument-issues.js";
import { addFormats } from "./formats.js";
import { linearRegExpEngine } from "./linear-pattern.js";
import dependencies from "./load-dependencies.cjs";
import { useLinearPatterns } from "./pattern-keyword.js";
import { precompiledValidatorFor } from "./precompiled-validators.js";
import { noEvalEngine } from "./validator-engine.js";

/**
 * Creates the ajv instance toolwright validates with. `strict: false`, because schemas come from many hands (hand-written,
 * Standard Schema exports, remote MCP servers) and may carry annotations ajv does not know; the meta-schema check at
 * definition time catches what strict mode would, without rejecting an `x-` keyword. `verbose` puts the failing
 * schema on each error, so a message can list the allowed properties. Patterns match in linear time (RE2), length
 * bounds first, since the strings they match come from a model. `formats: false` leaves out ajv-formats, for a caller
 * that adds it when a schema needs it. `ownProperties`: a property is present only as an own property of the
 * arguments, so `required: ["constructor"]` is not met by what every object inherits (docs/performance.md measures it).
 */
export function createAjv(
  options: {
    readonly validateSchema?: boolean;
    readonly formats?: boolean;
    readonly ownProperties?: boolean;
    readonly strictNumbers?: boolean;
  } = {},
): Ajv2020 {
  const { formats = true, ownProperties = true, ...ajvOptions } = options;
  const settings = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, ownProperties, logger };
  const ajv = new (dependencies.loadAjv().Ajv2020)({
    ...settings,
    ...ajvOptions,
    code: { regExp: linearRegExpEngine },
  });
  return useLinearPatterns(formats ? addFormats(ajv) : ajv);
}

// ajv's warnings, less the one for an unknown format: the definition reports those once, naming the tool.
const logger = {
  log: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => {
    if (!String(args[0]).startsWith("unknown format")) console.warn(...args);
  },
  error: (...args: unknown[]) => console.error(...args),
};

let metaChecker: Ajv2020 | undefined;

/** Returns the process's definition-time ajv (meta-schema checks, compile checks, defaults), creating it once. */
export function definitionChecker(): Ajv2020 {
  return (metaChecker ??= createAjv());
}

/** Checks a schema against the JSON Schema 2020-12 meta-schema; returns a readable problem, or undefined when valid. */
export function checkJsonSchema(schema: object): string | undefined {
  const engine = noEvalEngine();
  if (engine !== undefined) return engine.checkJsonSchema(schema);
  // One checker for the process: it holds the meta-schema, and user schemas only while checkCompiles looks at them.
  metaChecker ??= createAjv();
  if (metaChecker.validateSchema(schema)) return undefined;
  return (metaChecker.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`).join("; ");
}

/**
 * Compiles a schema once to find what the meta-schema cannot see (an unresolvable `$ref`, a pattern that is not a
 * valid regular expression); returns the problem, or undefined. For schemas from outside (hand-written, exported by a
 * Standard Schema library, sent by an MCP server): descriptors always compile, and stay lazily compiled.
 */
export function checkCompiles(schema: object): string | undefined {
  try {
    compileForDefinition(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Compiles `schema` on the definition-time validator (ajv's definition checker, or the no-eval engine where the
 * runtime refuses code generation), for checks made once per definition: that it compiles, that its examples fit.
 * @throws {Error} when the schema does not compile.
 */
export function compileForDefinition(schema: object): ValidateFunction {
  const engine = noEvalEngine();
  return engine !== undefined ? engine.compile(schema) : compileAlone(definitionChecker(), schema);
}

/**
 * Compiles `schema` and then takes every identifier it brought (its `$id`, nested `$id`s and `$anchor`s) out of ajv's
 * tables again. ajv keeps them per instance, and one instance serves a whole registry: two tools whose schemas share
 * an `$id` would otherwise collide (ajv refused the second, yet had cached it, so its first call failed and a later one
 * ran against whichever schema ajv held). The compiled function has resolved every reference already.
 * @throws {Error} from ajv when the schema does not compile.
 */
export function compileAlone(ajv: Ajv2020, schema: object): ValidateFunction {
  const known = new Set(Object.keys(ajv.refs));
  try {
    return probed(ajv.compile(schema));
  } finally {
    ajv.removeSchema(schema);
    for (const id of Object.keys(ajv.refs)) if (!known.has(id)) delete ajv.refs[id];
  }
}

/**
 * Returns `validate` once it has validated `{}` without throwing. A schema whose references loop back without going
 * deeper into the data (`allOf: [{ $ref: "#" }]`, a `$dynamicRef` back to its own anchor) compiles, then overflows
 * the stack on every call: that is the schema's fault, found here, where it is reported as a definition problem,
 * rather than on a call, where it would read as the model's.
 * @throws {Error} naming the loop when validation overflows.
 */
function probed(validate: ValidateFunction): ValidateFunction {
  try {
    validate({});
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new Error(
      "validating it recurses without end (its $ref or $dynamicRef chain comes back to the same schema for the " +
        `same value: ${error.message})`,
      { cause: error },
    );
  }
  return validate;
}

/**
 * Validates tool arguments. Each schema is compiled on its first use and cached for as long as the schema object lives,
 * so a class with 200 tools costs nothing until a tool is called.
 */
export class ArgumentValidator {
  // Made on the first compile, not with the registry: the shared registry exists from the moment toolwright is
  // imported, and an app that never calls a tool should not pay for ajv. Every schema that reaches a validator passed
  // checkJsonSchema when its tool was defined; checking it again here would compile the meta-schema a second time,
  // which was most of the cost of a fresh process's first call.
  // Two instances, each made on first need: `ownProperties` costs ~40-60 ns a call (docs/performance.md), and only a
  // schema that names a member of Object.prototype can tell the difference, since arguments are plain objects.
  // A call's arguments are compiled in lanes of their own, with ajv's `strictNumbers`: see compileArguments.
  readonly #lanes: { plain?: Lane; own?: Lane; plainArguments?: Lane; ownArguments?: Lane } = {};
  readonly #compiled = new WeakMap<object, ValidateFunction>();
  readonly #compiledArguments = new WeakMap<object, ValidateFunction>();

  /**
   * Compiles `schema` now, unless it already was, so a schema that cannot compile (the developer's mistake) fails apart
   * from arguments that make validation throw (the model's).
   * @throws {Error} from ajv when the schema does not compile.
   */
  compile(schema: object): ValidateFunction {
    return this.#compiled.get(schema) ?? this.#compile(schema, false);
  }

  /**
   * {@link compile} for a call's arguments, with ajv's `strictNumbers`: a number that is not finite fails `type:
   * "number"` and `"integer"`. The snapshot refuses such numbers anywhere before validation, except in an array whose
   * items are just numbers, which it leaves to this check (see snapshotArguments): ajv reads every element then
   * anyway. Results are compiled without it (see {@link compile}), since what a tool may return is not changed here.
   * @throws {Error} from ajv when the schema does not compile.
   */
  compileArguments(schema: object): ValidateFunction {
    return this.#compiledArguments.get(schema) ?? this.#compile(schema, true);
  }

  #compile(schema: object, forArguments: boolean): ValidateFunction {
    const engine = noEvalEngine();
    if (engine !== undefined) {
      // A call's arguments, where `toolwright generate --validators` wrote ajv's code for exactly this schema: that.
      const validate = (forArguments ? precompiledValidatorFor(schema) : undefined) ?? engine.compile(schema);
      (forArguments ? this.#compiledArguments : this.#compiled).set(schema, validate);
      return validate;
    }
    const text = JSON.stringify(schema);
    const own = namesInheritedMember(text);
    const name = `${own ? "own" : "plain"}${forArguments ? "Arguments" : ""}` as const;
    const lane = this.#lanes[name] ?? {
      ajv: createAjv({ validateSchema: false, formats: false, ownProperties: own, strictNumbers: forArguments }),
      hasFormats: false,
    };
    this.#lanes[name] = lane;
    // Most tools name no format; ajv-formats is loaded and added the first time one does, before it is compiled.
    // A false positive (any key or string starting with "format") only loads the formats early.
    if (!lane.hasFormats && text.includes('"format')) {
      addFormats(lane.ajv);
      lane.hasFormats = true;
    }
    const validate = compileAlone(lane.ajv, schema);
    (forArguments ? this.#compiledArguments : this.#compiled).set(schema, validate);
    return validate;
  }

  /** Returns the issues of `value` against `schema`, or an empty array when it is valid. */
  validate(schema: object, value: unknown): readonly ArgumentIssue[] {
    return issuesOf(this.compile(schema), value);
  }
}

/** A schema compiled by an {@link ArgumentValidator}. */
export type CompiledValidator = ValidateFunction;

/** One ajv instance of a validator, and whether its formats are added yet. */
interface Lane {
  readonly ajv: Ajv2020;
  hasFormats: boolean;
}

// The names every plain object inherits; a schema that names one as a string (a property, a required name) needs own
// property reads. A false positive (the word in a description) only costs the own-property reads.
const INHERITED = Object.getOwnPropertyNames(Object.prototype).map((name) => `"${name}"`);

function namesInheritedMember(text: string): boolean {
  return INHERITED.some((name) => text.includes(name));
}
