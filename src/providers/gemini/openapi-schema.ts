import { isPlainObject } from "../../schema/json.js";
import { cloneJson } from "../../schema/json.js";
import { noteFor, withNotes } from "../../schema/keyword-notes.js";
import { convertEnum, convertObject } from "./openapi-parts.js";
import {
  CUT,
  type Converted,
  type GeminiSchema,
  type GeminiType,
  type OpenApiContext,
  type Path,
} from "./openapi-types.js";
import { isLocalRef, resolveRef } from "../../schema/refs.js";
import { typesOf } from "../../schema/strict/strict-nullable.js";

const words = (text: string): ReadonlySet<string> => new Set(text.split(" "));
// Dropped without a finding: annotations, and tables whose references are inlined.
const SILENT = words(
  "$schema $id $anchor $comment $defs definitions deprecated readOnly writeOnly unevaluatedProperties examples",
);
const AS_IS = words("format title pattern minimum maximum");
// int64 fields, typed as strings by @google/genai.
const AS_STRING = words("minItems maxItems minLength maxLength minProperties maxProperties");
const UNSUPPORTED = words(
  "not if then else dependentRequired dependentSchemas dependencies prefixItems additionalItems unevaluatedItems",
);
const HANDLED = words("type description enum const properties required items anyOf oneOf allOf $ref nullable default");

/**
 * Converts a JSON Schema to Gemini's OpenAPI 3.0 subset (`FunctionDeclaration.parameters`): `$ref`s inlined (a
 * recursive one up to `ctx.recursionDepth` times), type arrays with `null` → `nullable: true`, `anyOf` with a null
 * branch → `nullable`, `const` → one-value enum, `oneOf` → `anyOf`, keywords Gemini lacks folded into the description.
 * Returns undefined when recursion cut the whole schema.
 */
export function toOpenApiSchema(node: unknown, ctx: OpenApiContext): GeminiSchema | undefined {
  const out = convert(node, [], ctx, []);
  return out === CUT ? undefined : out;
}

function convert(node: unknown, src: Path, ctx: OpenApiContext, refs: readonly string[]): Converted {
  const report = ctx.found.add.bind(ctx.found);
  if (!isPlainObject(node)) {
    report(src, "gemini.untyped", "error", "A boolean schema has no type; Gemini needs one.");
    return {};
  }
  if (node.$ref !== undefined) {
    const { $ref: ref, ...rest } = node;
    const target = isLocalRef(ref) ? resolveRef(ctx.root, ref) : undefined;
    if (target === undefined) {
      report(
        [...src, "$ref"],
        "gemini.ref",
        "error",
        `Only local references can be inlined; ${JSON.stringify(ref)} cannot.`,
      );
      return {};
    }
    if (refs.filter((r) => r === ref).length >= ctx.recursionDepth) return CUT;
    return convert({ ...(target as object), ...rest }, src, ctx, [...refs, ref as string]);
  }
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    if (allOf.length !== 1)
      report(
        [...src, "allOf"],
        "gemini.all-of",
        "error",
        "Gemini has no `allOf`; only a one-member `allOf` is merged.",
      );
    return convert({ ...(allOf.length === 1 ? (allOf[0] as object) : {}), ...rest }, src, ctx, refs);
  }
  const out: GeminiSchema = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (AS_IS.has(key)) Object.assign(out, { [key]: value });
    else if (AS_STRING.has(key)) Object.assign(out, { [key]: String(value) });
    else if (UNSUPPORTED.has(key)) {
      report(
        [...src, key],
        "gemini.unsupported",
        "error",
        `Gemini's schema has no \`${key}\`, and it cannot be rewritten.`,
      );
    } else if (!HANDLED.has(key) && !SILENT.has(key) && !(key === "additionalProperties" && value === false)) {
      notes.push(noteFor(key, value));
      report(
        [...src, key],
        "gemini.keyword",
        "warning",
        `Gemini's schema has no \`${key}\`; it was moved into the description.`,
      );
    }
  }
  if (node.default !== undefined) out.default = cloneJson(node.default);
  if (Array.isArray(node.examples) && node.examples.length > 0) out.example = cloneJson(node.examples[0]);
  const types = typesOf(node);
  if (types.includes("null") || node.nullable === true) out.nullable = true;
  const real = types.filter((t) => t !== "null").map((t) => t.toUpperCase() as GeminiType);
  if (real.length === 1) out.type = real[0]!;
  if (real.length > 1) out.anyOf = real.map((type) => ({ type }));
  if (node.enum !== undefined || node.const !== undefined) notes.push(...convertEnum(node, out, src, ctx));
  if (convertBranches(node, out, src, ctx, refs) === CUT) return CUT;
  if (real.includes("ARRAY") || node.items !== undefined) {
    if (!isPlainObject(node.items)) {
      report(src, "gemini.array-items", "error", "An array needs one `items` schema (tuples are not supported).");
    } else {
      const items = convert(node.items, [...src, "items"], ctx, refs);
      if (items === CUT) return CUT;
      out.items = items;
    }
  }
  if (real.includes("OBJECT") || isPlainObject(node.properties)) convertObject(node, out, src, ctx, refs, convert);
  // The SDK throws on "type and anyOf cannot be both populated"; the branches carry their own types.
  if (out.type !== undefined && out.anyOf !== undefined) delete out.type;
  if (out.type === undefined && out.anyOf === undefined) {
    report(
      src,
      types.includes("null") ? "gemini.null-type" : "gemini.untyped",
      "error",
      "Gemini needs a type other than null.",
    );
  }
  const description = withNotes(node.description, notes);
  if (description !== undefined) out.description = description;
  return out;
}

// `anyOf` (and `oneOf`, which Gemini lacks) become `anyOf`; a null branch becomes `nullable`, and
// `anyOf: [X, { type: "null" }]` becomes X with `nullable: true`, the form the SDK itself produces.
function convertBranches(
  node: Record<string, unknown>,
  out: GeminiSchema,
  src: Path,
  ctx: OpenApiContext,
  refs: readonly string[],
): typeof CUT | undefined {
  const anyOf = Array.isArray(node.anyOf) ? node.anyOf : [];
  const oneOf = Array.isArray(node.oneOf) ? node.oneOf : [];
  if (oneOf.length > 0)
    ctx.found.add([...src, "oneOf"], "gemini.one-of", "warning", "Gemini has no `oneOf`; it became `anyOf`.");
  const converted: GeminiSchema[] = [];
  let cut = false;
  for (const [i, branch] of [...anyOf, ...oneOf].entries()) {
    if (isPlainObject(branch) && branch.type === "null") out.nullable = true;
    else {
      const key = i < anyOf.length ? "anyOf" : "oneOf";
      const c = convert(branch, [...src, key, `${i < anyOf.length ? i : i - anyOf.length}`], ctx, refs);
      if (c === CUT) cut = true;
      else converted.push(c);
    }
  }
  // Every branch but null ran out of recursion depth: the node goes, like a cut `$ref`.
  if (cut && converted.length === 0) return CUT;
  if (converted.length === 1 && out.type === undefined && out.anyOf === undefined) {
    const nullable = out.nullable;
    Object.assign(out, converted[0]);
    if (nullable) out.nullable = true;
  } else if (converted.length > 0) out.anyOf = [...(out.anyOf ?? []), ...converted];
  return undefined;
}
