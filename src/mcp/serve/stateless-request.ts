import type { ServerResponse } from "node:http";
import type { McpSdkServer } from "./create-mcp-server.js";
import type { ServerSdk } from "../load-sdk.js";
import { sendWebResponse } from "./web-bridge.js";

/**
 * Answers one 2025-11-25 Streamable HTTP request without a session: a fresh MCP server and transport
 * (`sessionIdGenerator: undefined`) serve this POST and are closed when its response ends, so any replica behind a
 * load balancer can answer any request. GET (a server-to-client stream) and DELETE (ending a session) need a session
 * and are answered 405.
 */
export async function answerStateless(
  request: Request,
  res: ServerResponse,
  body: unknown,
  createServer: () => McpSdkServer,
  sdk: ServerSdk,
  reply: (res: ServerResponse, status: number, message: string) => void,
): Promise<void> {
  if (request.method !== "POST") {
    res.setHeader("allow", "POST");
    return reply(res, 405, "Method Not Allowed: this server is stateless (no sessions); send each request as a POST");
  }
  const server = createServer();
  // No sessionIdGenerator: the SDK's stateless mode (no mcp-session-id is issued or expected).
  const transport = new sdk.WebStandardStreamableHTTPServerTransport({});
  res.once("close", () => {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await sendWebResponse(res, await transport.handleRequest(request, { parsedBody: body }));
}
