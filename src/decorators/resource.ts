import { ToolDefinitionError } from "../errors/errors.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import type { ContentPart, ContentResult } from "../content/content-part.js";
import type { Returned } from "../schema/output-schema.js";
import { decoratedMethod } from "./decorated-method.js";
import { type Completer, type ResourceEntry, addMcpEntry } from "./mcp-entries.js";
import { checkMcpEntryOptions } from "./mcp-entry-options.js";
import { APP_VIEW_MIME_TYPE, type AppViewOptions, checkAppView } from "./app-view-options.js";
import { APP_VIEW_SCHEME } from "../tool/tool-app-view.js";
import type { ToolClient } from "../tool/tool-client.js";
import { type UriVariables, isUriTemplate, parseUriTemplate } from "./uri-template.js";

/**
 * What a resource method may return: text (sent with the declared `mimeType`), bytes (sent as a blob), or content
 * parts (`text(...)` as text, `image`/`audio`/`file` parts as blobs with their own mime types).
 */
export type ResourceContent = string | Uint8Array | ContentPart | ContentResult | readonly ContentPart[];

/**
 * What a resource method receives besides its variables: the URI read, the request's abort signal and the client
 * that reads.
 */
export interface ResourceReadContext {
  readonly uri: string;
  readonly signal: AbortSignal;
  /**
   * The MCP client reading the resource, as a tool call's `context.client` (elicit, sample, roots, log); on
   * 2026-07-28 a question not yet answered answers the read `input_required`, and the method runs again on the
   * client's retry. Present when `serveMcp` (or `mcpFetchHandler`) serves the resource.
   */
  readonly client?: ToolClient | undefined;
}

/** The options of `@resource`, for a URI (or URI template) `U`. */
export interface ResourceOptions<U extends string = string> {
  /** A fixed URI (`docs://readme`) or an RFC 6570 level-1 template (`notes://{id}`) whose variables reach the method. */
  readonly uri: U;
  /** The resource's name clients list; the method's name by default. */
  readonly name?: string;
  /** A human-readable title. */
  readonly title?: string;
  /** What the resource holds, for the client's user and model. */
  readonly description?: string;
  /** The mime type of the text or bytes the method returns (`text/markdown`, `application/json`). */
  readonly mimeType?: string;
  /** The agents (by name) that may list and read it; every agent serving the class by default. */
  readonly allowedAgents?: readonly string[];
  /** Completions for the template's variables (`completion/complete`), by variable name. */
  readonly complete?: { readonly [K in UriVariables<U>]?: Completer };
  /**
   * Makes the resource an MCP Apps view (a `ui://` URI is one already): HTML sent as `text/html;profile=mcp-app`,
   * with these options as its `_meta.ui` (what the view may reach, its border). Link a tool to it with the tool's
   * `ui: { resourceUri }`.
   */
  readonly app?: true | AppViewOptions;
}

/**
 * A method decorator whose method receives the template's variables (an empty object for a fixed URI) and a
 * {@link ResourceReadContext}, and returns {@link ResourceContent} or a promise of it. Both call forms, so it compiles
 * with standard (Stage-3) decorators and with `experimentalDecorators` alike.
 */
export interface ResourceMethodDecorator<Vars> {
  <This, Method extends (this: This, variables: Vars, context: ResourceReadContext) => Returned<ResourceContent>>(
    value: Method,
    context: ClassMethodDecoratorContext<This, Method>,
  ): void;
  <Method extends (variables: Vars, context: ResourceReadContext) => Returned<ResourceContent>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void;
}

const RESOURCE_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({
    uri: 0,
    name: 0,
    title: 0,
    description: 0,
    mimeType: 0,
    allowedAgents: 0,
    complete: 0,
    app: 0,
  } satisfies Record<keyof ResourceOptions, 0>),
);

const STRING_OPTIONS = ["name", "title", "description", "mimeType"];

/**
 * Marks an agent method as an MCP resource, which `serveMcp` lists (`resources/list`, or `resources/templates/list`
 * for a template) and reads (`resources/read`) through the method.
 * @throws {ToolDefinitionError} at class definition for an unknown option key (named with the closest known one), a
 *   missing or malformed `uri`, a template beyond level 1, an MCP Apps view (`app`, or a `ui://` URI) that is not a
 *   fixed `ui://` URI or has another mime type, a `complete` entry for no variable, or a method that cannot
 *   be used (static, `#private`, not a method).
 * @example
 * class Notes extends BaseAgent {
 *   \@resource({ uri: "notes://{id}", mimeType: "text/markdown", description: "One note" })
 *   note({ id }: { id: string }) {
 *     return `# Note ${id}`;
 *   }
 * }
 */
export function resource<const U extends string>(
  options: ResourceOptions<U>,
): ResourceMethodDecorator<Readonly<Record<UriVariables<U>, string>>> {
  return (first: unknown, second: unknown, third?: unknown) => {
    const method = decoratedMethod(first, second, third, "@resource");
    const { where } = method;
    if (typeof options !== "object" || options === null) {
      throw new ToolDefinitionError(`${where}: options must be an object with a \`uri\`.`);
    }
    const o = options as unknown as Record<string, unknown>;
    // First: a misspelt `url` would otherwise be reported as a missing `uri`.
    checkKnownKeys(o, RESOURCE_OPTION_KEYS, where);
    if (typeof o.uri !== "string") {
      throw new ToolDefinitionError(
        `${where}: \`uri\` is required: a URI (\`docs://readme\`) or a template (\`notes://{id}\`).`,
      );
    }
    const template = isUriTemplate(o.uri) ? parseUriTemplate(o.uri, where) : undefined;
    if (template === undefined && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(o.uri)) {
      throw new ToolDefinitionError(
        `${where}: \`uri\` "${o.uri}" has no scheme; write it as \`scheme:...\` (\`docs://readme\`).`,
      );
    }
    checkMcpEntryOptions(o, RESOURCE_OPTION_KEYS, STRING_OPTIONS, template?.variables ?? [], where);
    // A ui:// URI is reserved for MCP Apps views, so one is a view with or without `app`.
    const app =
      o.app !== undefined || o.uri.startsWith(APP_VIEW_SCHEME)
        ? checkAppView(o.uri, template !== undefined, o.mimeType, o.app, where)
        : undefined;
    const entry: ResourceEntry = {
      kind: "resource",
      method: method.name,
      uri: o.uri,
      name: (o.name as string | undefined) ?? method.name,
      fn: method.fn,
      ...(template === undefined ? {} : { template }),
      ...pick(o, ["title", "description", "mimeType", "allowedAgents", "complete"]),
      ...(app === undefined ? {} : { app, mimeType: APP_VIEW_MIME_TYPE }),
    };
    addMcpEntry(method.metadata, entry);
  };
}

/** Copies the keys the options define, leaving out absent ones (exactOptionalPropertyTypes). */
export function pick(o: Record<string, unknown>, keys: readonly string[]): Record<string, never> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (o[key] !== undefined) out[key] = o[key];
  return out as Record<string, never>;
}
