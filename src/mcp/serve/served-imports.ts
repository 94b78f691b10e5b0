import type { ImportedMcpTools, McpListKind, McpPage, McpRemoteCatalogue } from "../import/index.js";
import type { ServerSdk } from "../load-sdk.js";

/** What `serveMcp` needs of an import to serve its server's resources and prompts again (`importMcpTools`' answer). */
export type McpReservedImport = Pick<ImportedMcpTools, "allowedAgents" | "catalogue">;

const INVALID_PARAMS = -32602;
/** MCP's older "resource not found" code, which some servers still send. */
const RESOURCE_NOT_FOUND_2025 = -32002;

/** The catalogues of the imports `agentName` is in the `allowedAgents` of, in the order given. */
export function catalogueFor(
  imported: readonly McpReservedImport[] | undefined,
  agentName: string,
): readonly McpRemoteCatalogue[] {
  return (imported ?? []).filter((entry) => entry.allowedAgents.includes(agentName)).map((entry) => entry.catalogue);
}

/** The catalogues that serve `kind`. */
export function serving(sources: readonly McpRemoteCatalogue[], kind: McpListKind): readonly McpRemoteCatalogue[] {
  return sources.filter((source) => source.serves[kind] !== undefined);
}

// A merged listing's cursor: which source the next page comes from, and that source's own cursor (absent: its first
// page). base64url of JSON, so a remote cursor of any characters goes through.
type MergedCursor = readonly [source: number, remote: string | null];

function encodeCursor(cursor: MergedCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(text: string): MergedCursor | undefined {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!Array.isArray(value) || value.length !== 2 || !Number.isInteger(value[0])) return undefined;
    return typeof value[1] === "string" || value[1] === null ? [value[0] as number, value[1]] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers one page of a list that holds the agent's own items, then each imported server's pages as the server
 * sends them: the first page is the agent's items and the first import's first page; each `nextCursor` names the
 * import and its own cursor, so a client walks every page of every server. A listing method a server does not
 * answer (-32601) counts as empty for it.
 * @throws the SDK's ProtocolError (-32602) for a cursor this server never gave; an import's own error, passed on.
 */
export async function mergedPage(
  sdk: ServerSdk,
  key: string,
  own: readonly object[],
  sources: readonly McpRemoteCatalogue[],
  fetch: (source: McpRemoteCatalogue, cursor: string | undefined) => Promise<McpPage>,
  cursorText: string | undefined,
): Promise<Record<string, unknown>> {
  const cursor = cursorText === undefined ? ([0, null] as const) : decodeCursor(cursorText);
  if (cursor === undefined || cursor[0] < 0 || (cursor[0] >= sources.length && cursorText !== undefined)) {
    throw new sdk.ProtocolError(INVALID_PARAMS, `Invalid cursor "${cursorText}": pass a nextCursor this server sent.`);
  }
  const items: unknown[] = cursorText === undefined ? [...own] : [];
  const [index, remote] = cursor;
  const source = sources[index];
  if (source === undefined) return { [key]: items };
  const page = await forwarded(sdk, () => fetch(source, remote ?? undefined), true);
  const listed = page?.[key];
  if (Array.isArray(listed)) items.push(...(listed as unknown[]));
  const next: MergedCursor | undefined =
    typeof page?.nextCursor === "string"
      ? [index, page.nextCursor]
      : index + 1 < sources.length
        ? [index + 1, null]
        : undefined;
  return next === undefined ? { [key]: items } : { [key]: items, nextCursor: encodeCursor(next) };
}

/**
 * Asks each import in turn (`ask`) until one knows the URI or prompt: an answer "not found" (-32602, or -32002 for a
 * resource) passes to the next; any other error of a server is sent to the client as that server's error, with its
 * code. Undefined when none knows it.
 */
export async function firstThatKnows(
  sdk: ServerSdk,
  sources: readonly McpRemoteCatalogue[],
  ask: (source: McpRemoteCatalogue) => Promise<McpPage>,
): Promise<McpPage | undefined> {
  for (const source of sources) {
    try {
      return await ask(source);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === INVALID_PARAMS || code === RESOURCE_NOT_FOUND_2025) continue;
      throw passedOn(sdk, error);
    }
  }
  return undefined;
}

// A server's error, as this server's: its code when it sent one (an internal error otherwise), its message (which
// names the server), its data.
function passedOn(sdk: ServerSdk, error: unknown): Error {
  const { code, data } = error as { code?: unknown; data?: unknown };
  const message = error instanceof Error ? error.message : String(error);
  return new sdk.ProtocolError(typeof code === "number" ? code : -32603, message, data);
}

async function forwarded(sdk: ServerSdk, send: () => Promise<McpPage>, emptyIfUnknown: boolean) {
  try {
    return await send();
  } catch (error) {
    if (emptyIfUnknown && (error as { code?: unknown }).code === -32601) return undefined;
    throw passedOn(sdk, error);
  }
}

/**
 * Follows the imports' list changes: each `notifications/<kind>/list_changed` of a server becomes this server's own
 * (`send`). Returns the function that stops following.
 */
export function followListChanges(
  sources: readonly McpRemoteCatalogue[],
  kind: McpListKind,
  send: () => Promise<void> | void,
): () => void {
  const stops = sources
    .filter((source) => source.serves[kind]?.listChanged === true)
    .map((source) =>
      source.onListChanged(kind, () => {
        // A client gone since is no reason to fail the import's connection.
        void Promise.resolve()
          .then(send)
          .catch(() => undefined);
      }),
    );
  return () => stops.forEach((stop) => stop());
}
