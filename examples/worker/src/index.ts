// A Cloudflare Worker that serves an agent over MCP at /mcp. Requests land on whichever isolate is free, and an
// isolate may be gone by the next one, so the endpoint is stateless (docs/mcp.md, "As a fetch handler"), and every
// isolate signs 2026-07-28 approval questions with the same key, a secret: `wrangler secret put MCP_STATE_KEY`.
import { type McpFetchHandler, mcpFetchHandler } from "toolwright/mcp";
import { NotesAgent } from "./agent.js";

/** The Worker's bindings (wrangler.jsonc). */
export interface Env {
  /** At least 32 characters; the same in every isolate. */
  readonly MCP_STATE_KEY: string;
}

// Made on the first request, where the secret is known; nothing runs at module scope that workerd forbids there.
let handler: McpFetchHandler | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    handler ??= mcpFetchHandler(new NotesAgent(), {
      path: "/mcp",
      stateless: true,
      requestStateKey: env.MCP_STATE_KEY,
      name: "notes",
      version: "1.0.0",
    });
    return handler(request);
  },
};
