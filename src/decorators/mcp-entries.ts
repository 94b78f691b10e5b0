import "./metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { ParamShape } from "../params/param.js";
import type { UriTemplate } from "./uri-template.js";
import type { AppViewOptions } from "./app-view-options.js";

// Symbol.for, so a class decorated through the ESM copy of the package is read by the CommonJS copy too.
const ENTRIES = Symbol.for("toolwright.mcp-entries");

/**
 * What a client may be offered for a template variable or a prompt argument (`completion/complete`): a fixed list,
 * filtered by the typed prefix, or a function of the prefix (and the other arguments already given) returning the
 * values to offer.
 */
export type Completer =
  | readonly string[]
  | ((
      prefix: string,
      context: { readonly arguments: Readonly<Record<string, string>> },
    ) => readonly string[] | Promise<readonly string[]>);

/** What `@resource` records about one method. */
export interface ResourceEntry {
  readonly kind: "resource";
  readonly method: string;
  readonly uri: string;
  /** The parsed template; absent for a fixed URI. */
  readonly template?: UriTemplate;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly allowedAgents?: readonly string[];
  readonly complete?: Readonly<Record<string, Completer>>;
  /** Present for an MCP Apps view: its `_meta.ui` (empty when nothing was declared). */
  readonly app?: AppViewOptions;
  readonly fn: (...args: never[]) => unknown;
}

/** What `@prompt` records about one method. */
export interface PromptEntry {
  readonly kind: "prompt";
  readonly method: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly params: ParamShape;
  readonly allowedAgents?: readonly string[];
  readonly complete?: Readonly<Record<string, Completer>>;
  readonly fn: (...args: never[]) => unknown;
}

/** A resource or a prompt declared by a decorated method. */
export type McpEntry = ResourceEntry | PromptEntry;

type MetadataObject = Record<PropertyKey, unknown>;

/**
 * Records an entry in the decorated class's own metadata map, never in a parent's.
 * @throws {ToolDefinitionError} when the method already has an entry, or another method of the class declares the same
 *   resource URI or prompt name.
 */
export function addMcpEntry(metadata: object, entry: McpEntry): void {
  const md = metadata as MetadataObject;
  const own = Object.hasOwn(md, ENTRIES) ? (md[ENTRIES] as Map<string, McpEntry>) : undefined;
  if (own?.has(entry.method)) {
    throw new ToolDefinitionError(`method "${entry.method}" already has a @resource or @prompt decorator; use one.`);
  }
  // Two methods of one class claiming one URI or prompt name: caught here, at definition (across a class and its
  // parent, reflectMcpEntries catches it when the agent is served).
  own?.forEach((other) => {
    const same = keyOf(other) === keyOf(entry);
    if (same) {
      const what = entry.kind === "resource" ? `the resource "${entry.uri}"` : `the prompt "${entry.name}"`;
      throw new ToolDefinitionError(
        `methods "${other.method}" and "${entry.method}" both declare ${what}; rename one.`,
      );
    }
  });
  const map = own ?? new Map<string, McpEntry>();
  if (!own) Object.defineProperty(md, ENTRIES, { value: map, enumerable: false });
  map.set(entry.method, entry);
}

/** Returns the entries a class declared itself (not inherited ones), in declaration order. */
export function ownMcpEntries(ctor: object): readonly McpEntry[] {
  const key = Symbol.metadata;
  const md = Object.hasOwn(ctor, key) ? ((ctor as MetadataObject)[key] as MetadataObject | null) : undefined;
  const own = md && Object.hasOwn(md, ENTRIES) ? (md[ENTRIES] as Map<string, McpEntry>) : undefined;
  return own ? [...own.values()] : [];
}

// What must be unique among a class's entries: a resource's URI, a prompt's name (kept apart by their kind).
function keyOf(entry: McpEntry): string {
  return entry.kind === "resource" ? `resource ${entry.uri}` : `prompt ${entry.name}`;
}
