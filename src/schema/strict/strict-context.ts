import type { SchemaObject } from "../json.js";
import type { FindingCollector, Severity } from "../finding.js";
import type { StrictProfile } from "./strict-profiles.js";

/** A path of schema keywords and names, e.g. `["properties", "tags", "items"]`. */
export type Path = readonly string[];

/** State of one strict rewrite. */
export interface StrictContext {
  readonly profile: StrictProfile;
  /** The input schema, against which `$ref`s resolve. */
  readonly root: unknown;
  /** Targets of recursive `$ref`s in `root`: found on the first call (at the first `$ref`), not for every schema. */
  readonly recursive: () => ReadonlySet<string>;
  readonly found: FindingCollector;
  /** Object schemas of the rewritten schema (JSON Pointer) → properties made required and nullable there. */
  readonly nulled: Map<string, string[]>;
  readonly stats: { properties: number; enumValues: number; depth: number };
}

/** Rewrites one node; `src` is its path in the input schema, `dst` in the output, `depth` its object nesting. */
export type StrictWalk = (node: unknown, src: Path, dst: Path, ctx: StrictContext, depth: number) => SchemaObject;

/** Records a finding under the profile's rule prefix (`openai.strict.` or `anthropic.strict.`). */
export function report(ctx: StrictContext, path: Path, rule: string, severity: Severity, message: string): void {
  ctx.found.add(path, `${ctx.profile.rules}.${rule}`, severity, message);
}

/** Annotations no provider needs: dropped without a finding. */
export const SILENT: ReadonlySet<string> = new Set(
  "$schema $id $anchor $dynamicAnchor $comment $vocabulary deprecated readOnly writeOnly contentEncoding contentMediaType unevaluatedProperties".split(
    " ",
  ),
);

/** Keywords that narrow the valid values in a way no description can carry: a schema with them cannot be strict. */
export const UNSTRICT: ReadonlySet<string> = new Set(
  "not if then else dependentRequired dependentSchemas dependencies patternProperties prefixItems additionalItems unevaluatedItems".split(
    " ",
  ),
);

/** Keywords the walk handles itself. */
export const STRUCTURE: ReadonlySet<string> = new Set(
  "type description title enum const properties required additionalProperties items anyOf oneOf allOf $ref $defs definitions".split(
    " ",
  ),
);
