/** The package name of the official MCP SDK, an optional peer dependency of toolwright. */
export const MCP_SDK_PACKAGE = "@modelcontextprotocol/sdk";

/** Returns true when `error` says that `packageName` (or one of its subpaths) could not be found. */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message.includes(packageName);
}

/**
 * Runs `load` (a dynamic `import()` of the MCP SDK) and turns "package not found" into an error that names the
 * package and the command that installs it. Any other failure is rethrown as it is.
 * @throws {Error} naming `@modelcontextprotocol/sdk` when it is not installed.
 */
export async function importMcpSdk<T>(feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingPackage(error, MCP_SDK_PACKAGE)) throw error;
    throw new Error(
      `${feature} needs the optional peer dependency "${MCP_SDK_PACKAGE}", which is not installed. ` +
        `Install it next to toolwright: npm install ${MCP_SDK_PACKAGE}`,
      { cause: error },
    );
  }
}

/** Loads what an MCP server needs: the low-level `Server` and the request schemas of `tools/list` and `tools/call`. */
export function loadServerSdk() {
  return importMcpSdk("serveMcp", async () => {
    // Loaded on first use only, so importing toolwright never requires the SDK.
    const [server, types] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/index.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]);
    return {
      Server: server.Server,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema,
      isInitializeRequest: types.isInitializeRequest,
    };
  });
}

/** The server half of the SDK, as {@link loadServerSdk} returns it. */
export type ServerSdk = Awaited<ReturnType<typeof loadServerSdk>>;

/** Loads the stdio server transport. */
export function loadStdioServerTransport() {
  return importMcpSdk(
    "serveMcp",
    async () => (await import("@modelcontextprotocol/sdk/server/stdio.js")).StdioServerTransport,
  );
}

/** Loads the Streamable HTTP server transport (Node `http` flavour). */
export function loadHttpServerTransport() {
  return importMcpSdk(
    "serveMcp",
    async () => (await import("@modelcontextprotocol/sdk/server/streamableHttp.js")).StreamableHTTPServerTransport,
  );
}

/** Loads the SDK's `Client`, for `importMcpTools` given a transport rather than a connected client. */
export function loadClient() {
  return importMcpSdk("importMcpTools", async () => (await import("@modelcontextprotocol/sdk/client/index.js")).Client);
}
