import { narrowUnionErrors } from "./union-errors.js";
import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { ArgumentIssue } from "../errors/errors.js";
import { linearRegExpEngine } from "./linear-pattern.js";
import dependencies from "./load-dependencies.cjs";
import { useLinearPatterns } from "./pattern-keyword.js";

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;

/** Adds ajv-formats' formats (and its `formatMinimum`-style keywords) to `ajv`, loading the package on first use. */
function addFormats(ajv: Ajv2020): Ajv2020 {
  const formatsModule = dependencies.loadFormats();
  // ajv-formats is CommonJS: its function is module.exports and also its `.default`; interop may leave either.
  const plugin =
    (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);
  return plugin(ajv);
}

/**
 * Creates the ajv instance toolwright validates with. `strict: false`, because schemas come from many hands (hand-written,
 * Standard Schema exports, remote MCP servers) and may carry annotations ajv does not know; the meta-schema check at
 * definition time catches what strict mode would, without rejecting an `x-` keyword. `verbose` puts the failing
 * schema on each error, so a message can list the allowed properties. Patterns match in linear time (RE2), length
 * bounds first, since the strings they match come from a model. `formats: false` leaves out ajv-formats, for a caller
 * that adds it when a schema needs it.
 */
export function createAjv(options: { readonly validateSchema?: boolean; readonly formats?: boolean } = {}): Ajv2020 {
  const { formats = true, ...ajvOptions } = options;
  const settings = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, ...ajvOptions };
  const ajv = new (dependencies.loadAjv().Ajv2020)({ ...settings, code: { regExp: linearRegExpEngine } });
  return useLinearPatterns(formats ? addFormats(ajv) : ajv);
}

let metaChecker: Ajv2020 | undefined;

/** Checks a schema against the JSON Schema 2020-12 meta-schema; returns a readable problem, or undefined when valid. */
export function checkJsonSchema(schema: object): string | undefined {
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
  metaChecker ??= createAjv();
  try {
    metaChecker.compile(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    metaChecker.removeSchema(schema);
  }
}

// One shared answer for valid arguments, so a valid call allocates no empty list.
const NO_ISSUES: readonly ArgumentIssue[] = Object.freeze([]);

/**
 * Validates tool arguments. Each schema is compiled on its first use and cached for as long as the schema object lives,
 * so a class with 200 tools costs nothing until a tool is called.
 */
export class ArgumentValidator {
  // Made on the first compile, not with the registry: the shared registry exists from the moment toolwright is
  // imported, and an app that never calls a tool should not pay for ajv. Every schema that reaches a validator passed
  // checkJsonSchema when its tool was defined; checking it again here would compile the meta-schema a second time,
  // which was most of the cost of a fresh process's first call.
  #ajv: Ajv2020 | undefined;
  #hasFormats = false;
  readonly #compiled = new WeakMap<object, ValidateFunction>();

  /**
   * Compiles `schema` now, unless it already was, so a schema that cannot compile (the developer's mistake) fails apart
   * from arguments that make validation throw (the model's).
   * @throws {Error} from ajv when the schema does not compile.
   */
  compile(schema: object): ValidateFunction {
    let validate = this.#compiled.get(schema);
    if (!validate) {
      this.#ajv ??= createAjv({ validateSchema: false, formats: false });
      // Most tools name no format; ajv-formats is loaded and added the first time one does, before it is compiled.
      if (!this.#hasFormats && mayUseFormats(schema)) {
        addFormats(this.#ajv);
        this.#hasFormats = true;
      }
      validate = this.#ajv.compile(schema);
      this.#compiled.set(schema, validate);
    }
    return validate;
  }

  /** Returns the issues of `value` against `schema`, or an empty array when it is valid. */
  validate(schema: object, value: unknown): readonly ArgumentIssue[] {
    const validate = this.compile(schema);
    if (validate(value)) return NO_ISSUES;
    // ajv overwrites `errors` on the next call: turn them into data now.
    return toIssues(narrowUnionErrors(validate.errors ?? []));
  }
}

// True when any key or string of the schema starts with "format" (`format`, ajv-formats' `formatMinimum` and the
// like): a false positive only loads the formats early, a miss would silently skip a format check.
function mayUseFormats(schema: object): boolean {
  return JSON.stringify(schema).includes('"format');
}

/** Turns ajv errors into issues that name the failing path and what is expected. */
export function toIssues(errors: readonly ErrorObject[]): readonly ArgumentIssue[] {
  const seen = new Set<string>();
  const issues: ArgumentIssue[] = [];
  for (const error of errors) {
    const issue = toIssue(error);
    const key = `${issue.path}|${issue.message}`;
    if (!seen.has(key)) issues.push(issue);
    seen.add(key);
  }
  return issues;
}

function toIssue(error: ErrorObject): ArgumentIssue {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath;
  switch (error.keyword) {
    case "required":
      return { path: `${path}/${String(params.missingProperty)}`, keyword: "required", message: "is required" };
    case "additionalProperties": {
      const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      const hint = allowed.length > 0 ? `; allowed: ${allowed.join(", ")}` : "";
      return {
        path: `${path}/${String(params.additionalProperty)}`,
        keyword: "additionalProperties",
        message: `is not an allowed property${hint}`,
      };
    }
    case "enum":
      return {
        path,
        keyword: "enum",
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "const":
      return { path, keyword: "const", message: `must be ${JSON.stringify(params.allowedValue)}` };
    default:
      return { path, keyword: error.keyword, message: error.message ?? `fails ${error.keyword}` };
  }
}
