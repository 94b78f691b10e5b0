import type { ValidateFunction } from "ajv/dist/2020.js";
import { dereference, validate, type Schema } from "@cfworker/json-schema";
import { inAjvOrder } from "./ajv-order.js";
import { toAjvErrors } from "./ajv-shaped-errors.js";
import { installFormatChecks } from "./format-table.js";
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
  checkNode(root, lookup);
  const nodeAt = (segments: readonly string[]): unknown => {
    let node: unknown = root;
    for (const segment of segments) {
      if (typeof node !== "object" || node === null) return undefined;
      const here = node as Record<string, unknown> & { __absolute_ref__?: string };
      node = segment === "$ref" ? lookup[here.__absolute_ref__ ?? String(here.$ref)] : here[segment];
    }
    return node;
  };
  const target = nodeAt(at) as Schema | boolean | undefined;
  if (target === undefined) throw new Error(`no subschema at /${at.join("/")}`);
  const prefix = at.length === 0 ? "#" : `#/${at.map(encodeSegment).join("/")}`;
  const check: NoEvalValidator = (data) => {
    const result = validate(data, target, "2020-12", lookup, false, null, "#", prefix);
    check.errors = result.valid ? null : inAjvOrder(toAjvErrors(result.errors, data, nodeAt));
    return result.valid;
  };
  return check as ValidateFunction;
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"));
}

let metas: Record<string, Schema | boolean> | undefined;

function metaLookup(): Record<string, Schema | boolean> {
  if (metas !== undefined) return metas;
  metas = {};
  for (const document of metaDocuments()) dereference(document as Schema, metas);
  return metas;
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
function checkNode(node: unknown, lookup: Record<string, unknown>, seen: Set<object> = new Set()): void {
  if (typeof node !== "object" || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((item) => checkNode(item, lookup, seen));
  const { pattern, patternProperties, $ref } = node as {
    pattern?: unknown;
    patternProperties?: unknown;
    $ref?: unknown;
  };
  if (typeof pattern === "string") new RegExp(pattern, "u");
  if (typeof patternProperties === "object" && patternProperties !== null)
    for (const key of Object.keys(patternProperties)) new RegExp(key, "u");
  if (typeof $ref === "string") {
    const uri = (node as { __absolute_ref__?: string }).__absolute_ref__ ?? $ref;
    const target = lookup[uri] ?? (lookup[uri] = pointedAt(uri, lookup));
    if (target === undefined) throw new Error(`can't resolve reference ${$ref}`);
    checkNode(target, lookup, seen);
  }
  for (const [key, value] of Object.entries(node)) if (!SKIPPED.has(key)) checkNode(value, lookup, seen);
}
