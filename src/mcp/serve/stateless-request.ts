import type { McpSdkServer } from "./create-mcp-server.js";
import type { ServerSdk } from "../load-sdk.js";
import { jsonRpcError } from "./http-json.js";
import { onResponseEnd } from "./response-end.js";

/**
 * Answers one 2025-11-25 Streamable HTTP request without a session: a fresh MCP server and transport
 * (`sessionIdGenerator: undefined`) serve this POST and are closed when its response ends, so any replica behind a
 * load balancer (or any isolate of a Worker) can answer any request. GET (a server-to-client stream) and DELETE
 * (ending a session) need a session and are answered 405.
 */
export async function answerStateless(
  request: Request,
  body: unknown,
  createServer: () => McpSdkServer,
  sdk: ServerSdk,
): Promise<Response> {
  if (request.method !== "POST") {
    const message = "Method Not Allowed: this server is stateless (no sessions); send each request as a POST";
    return jsonRpcError(405, message, -32000, { allow: "POST" });
  }
  const server = createServer();
  // No sessionIdGenerator: the SDK's stateless mode (no mcp-session-id is issued or expected).
  const transport = new sdk.WebStandardStreamableHTTPServerTransport({});
  const close = () => {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  };
  try {
    await server.connect(transport);
    return onResponseEnd(await transport.handleRequest(request, { parsedBody: body }), close);
  } catch (error) {
    close();
    throw error;
  }
}
