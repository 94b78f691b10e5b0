import type { IncomingMessage, ServerResponse } from "node:http";
import type { McpSdkServer } from "./create-mcp-server.js";
import type { loadHttpServerTransport } from "./load-sdk.js";

type TransportClass = Awaited<ReturnType<typeof loadHttpServerTransport>>;

/**
 * Answers one Streamable HTTP request without a session: a fresh MCP server and transport (`sessionIdGenerator:
 * undefined`) serve this POST and are closed when its response ends, so any replica behind a load balancer can answer
 * any request. GET (a server-to-client stream) and DELETE (ending a session) need a session and are answered 405.
 */
export async function answerStateless(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  createServer: () => McpSdkServer,
  Transport: TransportClass,
  reply: (res: ServerResponse, status: number, message: string) => void,
): Promise<void> {
  if (req.method !== "POST") {
    res.setHeader("allow", "POST");
    return reply(res, 405, "Method Not Allowed: this server is stateless (no sessions); send each request as a POST");
  }
  const server = createServer();
  // No sessionIdGenerator: the SDK's stateless mode (no mcp-session-id is issued or expected).
  const transport = new Transport({});
  res.once("close", () => {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
