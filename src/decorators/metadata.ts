import { ToolDefinitionError } from "../errors/errors.js";
import type { ResolvedInputSchema } from "../schema/input-schema.js";
import type { ResolvedOutputSchema } from "../schema/output-schema.js";
import type { ToolOptions } from "../tool/tool-options.js";

// Node 20 has no Symbol.metadata; without it TypeScript hands decorators `context.metadata === undefined`.
// Symbol.for matches the fallback esbuild, babel and swc use on their own, so classes compiled by any of them agree.
(Symbol as { metadata?: symbol }).metadata ??= Symbol.for("Symbol.metadata");

// Symbol.for, so a class decorated through the ESM copy of the package is read by the CommonJS copy too.
const ENTRIES = Symbol.for("toolwright.tool-entries");

/** Which decorator recorded an entry. */
export type ToolEntryKind = "tool" | "builtin";

/** What a decorator records about one method: the options, the original function and the method's key. */
export interface ToolEntry {
  readonly kind: ToolEntryKind;
  readonly method: string;
  /** The tool's name: `options.name` or the method's name. */
  readonly name: string;
  readonly fn: (...args: never[]) => unknown;
  readonly options: ToolOptions;
  /** The resolved input schema; absent for `@builtinTool`, whose schema needs the method's parameters. */
  readonly schema?: ResolvedInputSchema;
  /** The resolved `returns` schema, when the decorator declares one. */
  readonly output?: ResolvedOutputSchema;
  /** What a legacy (`experimentalDecorators`) call saw; absent for a Stage-3 call. */
  readonly legacy?: LegacyInfo;
}

/** What a legacy decorator call could read from reflect-metadata. */
export interface LegacyInfo {
  /** Tells whether reflect-metadata (or another `Reflect.getOwnMetadata`) was loaded when the class was defined. */
  readonly reflectMetadata: boolean;
  /** Holds the method's `design:paramtypes` (`String`, `Number`, ...), when the compiler emitted them. */
  readonly designTypes?: readonly unknown[];
}

type MetadataObject = Record<PropertyKey, unknown>;

/** Records an entry in the decorated class's own metadata map, never in a parent's. */
export function addToolEntry(metadata: object, entry: ToolEntry): void {
  const md = metadata as MetadataObject;
  const own = Object.hasOwn(md, ENTRIES) ? (md[ENTRIES] as Map<string, ToolEntry>) : undefined;
  if (own?.has(entry.method)) {
    // Two decorators on one method would silently make one tool out of two declarations.
    throw new ToolDefinitionError(`method "${entry.method}" already has a @tool or @builtinTool decorator; use one.`);
  }
  const map = own ?? new Map<string, ToolEntry>();
  if (!own) Object.defineProperty(md, ENTRIES, { value: map, enumerable: false });
  map.set(entry.method, entry);
}

/** Returns how many entries a class's own metadata object holds so far (while its class is being defined). */
export function ownEntryCount(metadata: object): number {
  const md = metadata as MetadataObject;
  return Object.hasOwn(md, ENTRIES) ? (md[ENTRIES] as Map<string, ToolEntry>).size : 0;
}

/** Returns the entries a class declared itself (not inherited ones), in declaration order. */
export function ownToolEntries(ctor: object): readonly ToolEntry[] {
  const key = Symbol.metadata;
  const md = Object.hasOwn(ctor, key) ? ((ctor as MetadataObject)[key] as MetadataObject | null) : undefined;
  const own = md && Object.hasOwn(md, ENTRIES) ? (md[ENTRIES] as Map<string, ToolEntry>) : undefined;
  if (!own) return [];
  // forEach, not a spread of the iterator: no iterator result per entry in a process's first definition.
  const list: ToolEntry[] = [];
  own.forEach((entry) => list.push(entry));
  return list;
}
