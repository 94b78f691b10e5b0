import type { ValidateFunction } from "ajv/dist/2020.js";
import { dereference, validate, type Schema } from "@cfworker/json-schema";
import { inAjvOrder } from "./ajv-order.js";
import { toAjvErrors } from "./ajv-shaped-errors.js";
import { compileLinearPattern } from "../linear-pattern.js";
import { installFormatChecks } from "./format-table.js";
import { restorePatternUnits, takeOverPatterns } from "./linear-patterns.js";
import { plainSchemaCheck } from "./plain-schema-check.js";
import { metaDocuments } from "./meta-documents.js";

/** A schema's validator on the no-eval path: called as ajv's, with ajv's `errors` after a failure. */
export interface NoEvalValidator {
  (data: unknown): boolean;
  errors?: ValidateFunction["errors"];
}

/** What {@link compileWithoutEval} validates against. */
export interface CompileOptions {
  /** The subschema to validate against, as the segments of its pointer; its `$ref`s resolve within the whole. */
  readonly at?: readonly string[];
}

/**
 * Compiles `schema` for runtimes that refuse code generation (workerd, Vercel's Edge Runtime, a page whose CSP
 * forbids eval): the schema is interpreted by @cfworker/json-schema instead of turned into a function, and its errors
 * come out in ajv's shape, so the model reads the same texts.
 * @throws {Error} when a `$ref` cannot be resolved or a pattern is not a regular expression.
 */
export function compileWithoutEval(schema: object, options: CompileOptions = {}): ValidateFunction {
  const { at = [] } = options;
  installFormatChecks();
  // The validator marks each schema node it resolves with properties of its own; a definition's schema is frozen.
  const root = structuredClone(schema) as Schema;
  // The meta-schema's documents are known to every schema, as they are to ajv, so a `$ref` may name them.
  const lookup = dereference(root, { ...metaLookup() });
  const patterned: object[] = [];
  checkNode(root, lookup, patterned);
  const nodeAt = nodeFinder(root, lookup);
  // The interpreter runs its own copy when the schema has patterns: that copy's patterns are matched by toolwright's
  // linear-time matcher (linear-patterns.ts), while errors are read against the schema as written.
  let run = root;
  let runLookup = lookup;
  if (patterned.length > 0) {
    run = structuredClone(schema) as Schema;
    runLookup = dereference(run, { ...metaLookup() });
    const runPatterned: object[] = [];
    checkNode(run, runLookup, runPatterned);
    takeOverPatterns(runPatterned);
  }
  const runNodeAt = run === root ? nodeAt : nodeFinder(run, runLookup);
  const target = runNodeAt(at) as Schema | boolean | undefined;
  if (target === undefined) throw new Error(`no subschema at /${at.join("/")}`);
  const prefix = at.length === 0 ? "#" : `#/${at.map(encodeSegment).join("/")}`;
  // A valid call of a plain schema is accepted by a closure made here, not by interpreting the schema again.
  const accepts = at.length === 0 ? plainSchemaCheck(schema) : undefined;
  const check: NoEvalValidator = (data) => {
    if (accepts !== undefined && accepts(data)) {
      check.errors = null;
      return true;
    }
    const result = validate(data, target, "2020-12", runLookup, false, null, "#", prefix);
    if (result.valid) {
      check.errors = null;
      return true;
    }
    const units = run === root ? result.errors : restorePatternUnits(result.errors, data, runNodeAt);
    check.errors = inAjvOrder(toAjvErrors(units, data, nodeAt));
    return false;
  };
  return check as ValidateFunction;
}

// Finds the node at a keyword location's segments, a `$ref` segment followed to what the reference resolved to.
function nodeFinder(root: Schema, lookup: Record<string, unknown>): (segments: readonly string[]) => unknown {
  return (segments) => {
    let node: unknown = root;
    for (const segment of segments) {
      if (typeof node !== "object" || node === null) return undefined;
      const here = node as Record<string, unknown> & { __absolute_ref__?: string };
      node = segment === "$ref" ? lookup[here.__absolute_ref__ ?? String(here.$ref)] : here[segment];
    }
    return node;
  };
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"));
}

let metas: Record<string, Schema | boolean> | undefined;

function metaLookup(): Record<string, Schema | boolean> {
  if (metas !== undefined) return metas;
  metas = {};
  for (const document of metaDocuments()) {
    dereference(document as Schema, metas);
    markMeta(document);
  }
  return metas;
}

// The meta-schema's nodes, shared by every compile: their patterns (fixed, and matched against a developer's schema,
// never a model's string) are left to the interpreter, so no compile changes what another one reads.
const metaNodes = new WeakSet<object>();

function markMeta(node: unknown): void {
  if (typeof node !== "object" || node === null || metaNodes.has(node)) return;
  metaNodes.add(node);
  for (const value of Object.values(node)) markMeta(value);
}

// A pointer into a part of a resource the interpreter does not index (`#/examples/0`, `#/$defs/x/enum`): found by
// walking the pointer from the resource, as ajv finds it.
function pointedAt(uri: string, lookup: Record<string, unknown>): Schema | boolean | undefined {
  const hash = uri.indexOf("#");
  if (hash === -1 || uri[hash + 1] !== "/") return undefined;
  let node = lookup[uri.slice(0, hash)] ?? lookup[`${uri.slice(0, hash)}#`];
  for (const segment of uri.slice(hash + 2).split("/")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  if (typeof node === "boolean") return node;
  return typeof node === "object" && node !== null ? (node as Schema) : undefined;
}

// Data, and definitions (entered through the references that name them).
const SKIPPED: ReadonlySet<string> = new Set(["enum", "const", "default", "examples", "$defs", "definitions"]);

// What ajv's compile finds and the interpreter would find only on a call, as if it were the model's mistake: a
// `$ref` that names no schema, a pattern that is not a regular expression. Only what validation can reach is looked
// at, as ajv compiles only that: `$defs` are entered through the references that name them.
function checkNode(
  node: unknown,
  lookup: Record<string, unknown>,
  patterned: object[],
  seen: Set<object> = new Set(),
): void {
  if (typeof node !== "object" || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((item) => checkNode(item, lookup, patterned, seen));
  const { pattern, patternProperties, $ref } = node as {
    pattern?: unknown;
    patternProperties?: unknown;
    $ref?: unknown;
  };
  // Compiled as ajv compiles them on Node (linear-pattern.ts), so the same patterns are refused with the same words.
  if (typeof pattern === "string") {
    compileLinearPattern(pattern);
    if (!metaNodes.has(node)) patterned.push(node);
  }
  if (typeof patternProperties === "object" && patternProperties !== null)
    for (const key of Object.keys(patternProperties)) compileLinearPattern(key);
  if (typeof $ref === "string") {
    const uri = (node as { __absolute_ref__?: string }).__absolute_ref__ ?? $ref;
    const target = lookup[uri] ?? (lookup[uri] = pointedAt(uri, lookup));
    if (target === undefined) throw new Error(`can't resolve reference ${$ref}`);
    checkNode(target, lookup, patterned, seen);
  }
  for (const [key, value] of Object.entries(node)) if (!SKIPPED.has(key)) checkNode(value, lookup, patterned, seen);
}
