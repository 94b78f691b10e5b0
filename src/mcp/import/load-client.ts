import { isMissingPackage } from "../load-sdk.js";
import type { McpClientLike, McpTransportLike } from "./mcp-client-like.js";

/** The package of the MCP SDK v2 client, which `importMcpTools` prefers: it speaks 2025-11-25 and 2026-07-28. */
export const MCP_CLIENT_PACKAGE = "@modelcontextprotocol/client";
const MCP_SDK_V1_PACKAGE = "@modelcontextprotocol/sdk";

type ClientConstructor = new (
  info: { name: string; version: string },
  options: Record<string, unknown>,
) => McpClientLike & { connect(transport: never, options?: { timeout?: number }): Promise<void> };

/**
 * Connects a transport with a new SDK `Client`: v2's (`@modelcontextprotocol/client`, which negotiates the protocol
 * era: 2026-07-28 where the server offers it, else the 2025 handshake) when it is installed, else v1's
 * (`@modelcontextprotocol/sdk`).
 * @throws {Error} naming both packages and the install command when neither is installed.
 */
export async function connectClient(transport: McpTransportLike, timeout: number): Promise<McpClientLike> {
  const { Client, v2 } = await loadClientClass();
  // A transport of SDK v1 speaks 2025-11-25 only (its HTTP transport sends no MCP-Protocol-Version header for a 2026
  // request, which a 2026 server refuses): a v2 client negotiates over it in legacy mode.
  const mode = v2 && (await isV2Transport(transport)) ? "auto" : "legacy";
  const client = new Client(
    { name: "toolwright", version: "0.0.0" },
    v2 ? { capabilities: {}, versionNegotiation: { mode } } : { capabilities: {} },
  );
  await client.connect(transport as never, { timeout });
  return client;
}

type TransportClass = abstract new (...args: never[]) => unknown;

// The v2 client package's own transports, which can carry a 2026-07-28 request as that revision requires.
async function isV2Transport(transport: McpTransportLike): Promise<boolean> {
  const main = (await import("@modelcontextprotocol/client")) as unknown as Record<string, TransportClass | undefined>;
  const stdio = (await import("@modelcontextprotocol/client/stdio").catch(() => ({}))) as Record<
    string,
    TransportClass | undefined
  >;
  const classes = [
    main.StreamableHTTPClientTransport,
    main.SSEClientTransport,
    main.InMemoryTransport,
    stdio.StdioClientTransport,
  ];
  return classes.some((type) => type !== undefined && transport instanceof type);
}

async function loadClientClass(): Promise<{ Client: ClientConstructor; v2: boolean }> {
  try {
    const v2 = (await import("@modelcontextprotocol/client")) as unknown as { Client: ClientConstructor };
    return { Client: v2.Client, v2: true };
  } catch (error) {
    if (!isMissingPackage(error, MCP_CLIENT_PACKAGE)) throw error;
  }
  try {
    const v1 = (await import("@modelcontextprotocol/sdk/client/index.js")) as unknown as { Client: ClientConstructor };
    return { Client: v1.Client, v2: false };
  } catch (error) {
    if (!isMissingPackage(error, MCP_SDK_V1_PACKAGE)) throw error;
    throw new Error(
      `importMcpTools given a transport needs an MCP client: the optional peer dependency "${MCP_CLIENT_PACKAGE}" ` +
        `(or "${MCP_SDK_V1_PACKAGE}"), and neither is installed. Install it next to toolwright: ` +
        `npm install ${MCP_CLIENT_PACKAGE}`,
      { cause: error },
    );
  }
}
