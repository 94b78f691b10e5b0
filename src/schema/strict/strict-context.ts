import type { SchemaObject } from "../json.js";
import { type FindingCollector, type Severity, escapeSegment } from "../finding.js";
import type { StrictProfile } from "./strict-profiles.js";
import { reachableRefTargets, recursiveRefTargets } from "../refs.js";

/**
 * A path of schema keywords and names, e.g. `properties/tags/items`, as a chain of links from the node up to the root
 * (`undefined`). The walk makes one small link per step down, and the segments are listed only for a finding or a
 * record (see {@link pointerOf}): most nodes have neither, and copying an array per node was a good part of a
 * rewrite's garbage.
 */
export type Path = PathLink | undefined;

/** One step of a {@link Path}: one or two segments below `up`. */
export interface PathLink {
  readonly up: Path;
  readonly first: string;
  readonly second: string | undefined;
}

/** Returns the path one or two segments below `up`. */
export function below(up: Path, first: string, second?: string): PathLink {
  return { up, first, second };
}

/** Returns the JSON Pointer of a path (what `toPointer` makes of its segments), built from the links directly. */
export function pointerOf(path: Path): string {
  let pointer = "";
  for (let link = path; link !== undefined; link = link.up) {
    const tail = link.second === undefined ? "" : `/${escapeSegment(link.second)}`;
    pointer = `/${escapeSegment(link.first)}${tail}${pointer}`;
  }
  return pointer;
}

/** State of one strict rewrite. */
export interface StrictContext {
  readonly profile: StrictProfile;
  /** The input schema, against which `$ref`s resolve. */
  readonly root: unknown;
  /**
   * Targets of recursive `$ref`s in `root`, once found: see {@link recursiveTargets}, which scans at the first `$ref`
   * (most schemas have none, so most rewrites never scan).
   */
  recursive: ReadonlySet<string> | undefined;
  /** Every `$ref` target the instance reaches, once found: see {@link reachedTargets}. */
  reached: ReadonlySet<string> | undefined;
  readonly found: FindingCollector;
  /**
   * Object schemas of the rewritten schema (JSON Pointer) → properties made required and nullable there; made at the
   * first such property.
   */
  nulled: Map<string, string[]> | undefined;
  readonly stats: { properties: number; enumValues: number; depth: number };
  /**
   * How the last node walked with `orNull` was made to accept `null` (see `strictNode`): `null` added (false when it
   * accepted it already), and whether the node was wrapped into `anyOf`. Read by its parent object at once.
   */
  nullAdded: boolean;
  nullWrapped: boolean;
}

/** Returns the targets of recursive `$ref`s in the rewrite's root schema, scanning it on the first call. */
export function recursiveTargets(ctx: StrictContext): ReadonlySet<string> {
  return (ctx.recursive ??= recursiveRefTargets(ctx.root));
}

/** Returns every `$ref` target the root schema's instance reaches, scanning it at the first definition table. */
export function reachedTargets(ctx: StrictContext): ReadonlySet<string> {
  return (ctx.reached ??= reachableRefTargets(ctx.root));
}

/**
 * Rewrites one node; `src` is its path in the input schema, `dst` in the output, `depth` its object nesting. With
 * `orNull`, the node is also made to accept `null` (`makeNullable`), and `ctx.nullAdded`/`ctx.nullWrapped` tell how.
 */
export type StrictWalk = (
  node: unknown,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  depth: number,
  orNull?: boolean,
) => SchemaObject;

/** Records a finding under the profile's rule prefix (`openai.strict.` or `anthropic.strict.`). */
export function report(ctx: StrictContext, path: Path, rule: string, severity: Severity, message: string): void {
  ctx.found.addAt(pointerOf(path), `${ctx.profile.rules}.${rule}`, severity, message);
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
