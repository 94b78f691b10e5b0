import type { ServerContext } from "@modelcontextprotocol/server";
import { type ContentPart, isRichContent, partsOf } from "../../content/content-part.js";
import { toBase64 } from "../../content/base64.js";
import type { ResourceEntry } from "../../decorators/mcp-entries.js";
import type { ServerSdk } from "../load-sdk.js";
import type { McpLowServer } from "./revisions/mcp-revision.js";
import type { ServedEntries } from "./served-entries.js";
import type { McpRemoteCatalogue } from "../import/index.js";
import { firstThatKnows, mergedPage } from "./served-imports.js";
import { appViewMeta } from "./app-views.js";
import { ClientInputCall, type ClientInputScope } from "./client-input.js";

/**
 * The code of "Resource not found": Invalid Params (-32602), as MCP 2025-11-25 and later say and as the SDK sends
 * even an older -32002 (its `ResourceNotFoundError` uses this code, with `{ uri }` as data, as here).
 */
const RESOURCE_NOT_FOUND = -32602;

/** One item of a `resources/read` answer: text or a base64 blob, for the URI read (a view's with its `_meta.ui`). */
export type McpResourceContents = { uri: string; mimeType?: string; _meta?: { ui: object } } & (
  { text: string } | { blob: string }
);

/**
 * Registers `resources/list` (the fixed URIs), `resources/templates/list` (the templates) and `resources/read`, which
 * finds the resource whose URI equals, or whose template matches, the one asked for, and runs its method with the
 * template's variables. An unknown URI (or one the agent may not see) is a -32602 error (with `{ uri }` as data) naming the URIs and templates
 * the agent serves. The method's `context.client` asks the client as a tool's does (`clientInput` opens it for the
 * request: on 2026-07-28 `input_required` rounds).
 */
export function registerResourceHandlers(
  server: McpLowServer,
  sdk: ServerSdk,
  served: ServedEntries,
  imports: readonly McpRemoteCatalogue[],
  clientInput: (ctx: ServerContext) => ClientInputScope,
): void {
  type ListRequest = { params?: { cursor?: string | undefined } | undefined };
  server.setRequestHandler(
    "resources/list",
    (request: ListRequest) =>
      mergedPage(
        sdk,
        "resources",
        served.resources.map((entry) => ({ uri: entry.uri, ...listed(entry) })),
        imports,
        (source, cursor) => source.listResources(cursor === undefined ? undefined : { cursor }),
        request.params?.cursor,
      ) as never,
  );
  server.setRequestHandler(
    "resources/templates/list",
    (request: ListRequest) =>
      mergedPage(
        sdk,
        "resourceTemplates",
        served.templates.map((entry) => ({ uriTemplate: entry.uri, ...listed(entry) })),
        imports,
        (source, cursor) => source.listResourceTemplates(cursor === undefined ? undefined : { cursor }),
        request.params?.cursor,
      ) as never,
  );
  server.setRequestHandler("resources/read", async (request: { params: { uri: string } }, ctx: ServerContext) => {
    const { uri } = request.params;
    const signal = ctx.mcpReq.signal;
    const found = findResource(served, uri);
    if (found === undefined) {
      // Not the agent's own: an imported server's, as that server answers it.
      const answer = await firstThatKnows(sdk, imports, (source) => source.readResource(uri, { signal }));
      if (answer !== undefined) return answer as never;
      const also = imports.length === 0 ? "" : ` and the resources of ${serverNames(imports)}`;
      throw new sdk.ProtocolError(
        RESOURCE_NOT_FOUND,
        `Resource "${uri}" not found. This server serves ${servedUris(served)}${also}.`,
        { uri },
      );
    }
    const [entry, variables] = found;
    const input = new ClientInputCall(clientInput(ctx), uri, variables, "resources/read");
    return (await input.run(async (run, client) => {
      const context = { uri, signal: run.signal, client };
      const value: unknown = await (entry.fn as (...args: unknown[]) => unknown).call(served.agent, variables, context);
      return { contents: resourceContents(value, uri, entry) };
    })) as never;
  });
}

/** Names the imported servers, for a message: `MCP server "files"`, `MCP servers "a", "b"`. */
export function serverNames(imports: readonly McpRemoteCatalogue[]): string {
  const names = imports.map((source) => `"${source.server}"`).join(", ");
  return `${imports.length === 1 ? "MCP server" : "MCP servers"} ${names}`;
}

/** The resource at `uri` and its template's variables (empty for a fixed URI), or undefined. */
export function findResource(served: ServedEntries, uri: string): [ResourceEntry, Record<string, string>] | undefined {
  const fixed = served.resources.find((entry) => entry.uri === uri);
  if (fixed !== undefined) return [fixed, {}];
  for (const entry of served.templates) {
    const variables = entry.template!.match(uri);
    if (variables !== undefined) return [entry, variables];
  }
  return undefined;
}

/** Names what a client may read instead: the fixed URIs, then the templates. */
export function servedUris(served: ServedEntries): string {
  const all = [...served.resources, ...served.templates].map((entry) => `"${entry.uri}"`);
  return all.length === 0 ? "no resources" : all.join(", ");
}

function listed(entry: ResourceEntry) {
  return {
    name: entry.name,
    ...(entry.title === undefined ? {} : { title: entry.title }),
    ...(entry.description === undefined ? {} : { description: entry.description }),
    ...(entry.mimeType === undefined ? {} : { mimeType: entry.mimeType }),
    ...appViewMeta(entry),
  };
}

/**
 * What a resource method returned, as `contents`: a string is text with the declared mime type, bytes a blob, and
 * content parts one item each (text as text; image, audio and file parts as blobs with their own mime types).
 * @throws {TypeError} for anything else (a number, an image by URL): the method's author must return content.
 */
export function resourceContents(value: unknown, uri: string, entry: ResourceEntry): McpResourceContents[] {
  // An MCP Apps view's options go with its contents too: hosts read them where they read the HTML.
  const mime = { ...(entry.mimeType === undefined ? {} : { mimeType: entry.mimeType }), ...appViewMeta(entry) };
  if (typeof value === "string") return [{ uri, ...mime, text: value }];
  if (value instanceof Uint8Array) return [{ uri, ...mime, blob: toBase64(value) }];
  const parts: readonly ContentPart[] | undefined = isRichContent(value)
    ? partsOf(value)
    : Array.isArray(value) && value.every(isRichContent)
      ? (value as readonly ContentPart[])
      : undefined;
  if (parts === undefined) {
    throw new TypeError(
      `Resource method "${entry.method}" returned ${typeof value}; a resource method returns a string, a ` +
        "Uint8Array, or content parts (text, image, audio, file).",
    );
  }
  return parts.map((part) => {
    if (part.type === "text") return { uri, ...mime, text: part.text };
    if ((part.type === "image" || part.type === "audio" || part.type === "file") && part.data !== undefined) {
      return { uri, mimeType: part.mimeType, blob: part.data };
    }
    throw new TypeError(
      `Resource method "${entry.method}" returned a ${part.type} part without data; a resource's parts carry ` +
        "text or base64 data (an image by URL or a resource link is not the resource's content).",
    );
  });
}
