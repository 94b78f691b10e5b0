import type * as ServerSdkModule from "@modelcontextprotocol/server";

/** The package name of the MCP SDK v1, which `importMcpTools` loads its `Client` from when given a transport. */
export const MCP_SDK_PACKAGE = "@modelcontextprotocol/sdk";

/** The package name of the MCP server SDK v2, the optional peer dependency `serveMcp` runs on. */
export const MCP_SERVER_PACKAGE = "@modelcontextprotocol/server";

/** Returns true when `error` says that `packageName` (or one of its subpaths) could not be found. */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message.includes(packageName);
}

/**
 * Runs `load` (a dynamic `import()` of an MCP SDK package) and turns "package not found" into an error that names the
 * package and the command that installs it. Any other failure is rethrown as it is.
 * @throws {Error} naming `packageName` when it is not installed.
 */
export async function importMcpSdk<T>(
  feature: string,
  load: () => Promise<T>,
  packageName: string = MCP_SDK_PACKAGE,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingPackage(error, packageName)) throw error;
    throw new Error(
      `${feature} needs the optional peer dependency "${packageName}", which is not installed. ` +
        `Install it next to toolwright: npm install ${packageName}`,
      { cause: error },
    );
  }
}

// Types only: erased from the output, so importing toolwright still never loads the SDK.
type ServerModule = typeof ServerSdkModule;

/** The server half of the SDK v2, as {@link loadServerSdk} returns it. */
export interface ServerSdk {
  readonly Server: ServerModule["Server"];
  readonly createMcpHandler: ServerModule["createMcpHandler"];
  readonly isLegacyRequest: ServerModule["isLegacyRequest"];
  readonly isInitializeRequest: ServerModule["isInitializeRequest"];
  readonly WebStandardStreamableHTTPServerTransport: ServerModule["WebStandardStreamableHTTPServerTransport"];
  readonly inputRequired: ServerModule["inputRequired"];
  readonly inputResponse: ServerModule["inputResponse"];
  readonly createRequestStateCodec: ServerModule["createRequestStateCodec"];
  readonly fromJsonSchema: ServerModule["fromJsonSchema"];
  readonly ProtocolError: ServerModule["ProtocolError"];
  readonly MissingRequiredClientCapabilityError: ServerModule["MissingRequiredClientCapabilityError"];
}

/**
 * Loads what an MCP server needs from the SDK v2: the low-level `Server`, the both-eras HTTP entry
 * (`createMcpHandler`, `isLegacyRequest`), the web-standard transport for 2025 sessions, and the MRTR helpers.
 */
export function loadServerSdk(feature = "serveMcp"): Promise<ServerSdk> {
  return importMcpSdk(
    feature,
    async () => {
      // Loaded on first use only, so importing toolwright never requires the SDK.
      const sdk = await import("@modelcontextprotocol/server");
      return {
        Server: sdk.Server,
        createMcpHandler: sdk.createMcpHandler,
        isLegacyRequest: sdk.isLegacyRequest,
        isInitializeRequest: sdk.isInitializeRequest,
        WebStandardStreamableHTTPServerTransport: sdk.WebStandardStreamableHTTPServerTransport,
        inputRequired: sdk.inputRequired,
        inputResponse: sdk.inputResponse,
        createRequestStateCodec: sdk.createRequestStateCodec,
        fromJsonSchema: sdk.fromJsonSchema,
        ProtocolError: sdk.ProtocolError,
        MissingRequiredClientCapabilityError: sdk.MissingRequiredClientCapabilityError,
      };
    },
    MCP_SERVER_PACKAGE,
  );
}

/** Loads the SDK v2's stdio entry, which serves both eras over one connection. */
export function loadServeStdio() {
  return importMcpSdk(
    "serveMcp",
    async () => (await import("@modelcontextprotocol/server/stdio")).serveStdio,
    MCP_SERVER_PACKAGE,
  );
}

/** Loads the SDK's `Client`, for `importMcpTools` given a transport rather than a connected client. */
export function loadClient() {
  return importMcpSdk("importMcpTools", async () => (await import("@modelcontextprotocol/sdk/client/index.js")).Client);
}
