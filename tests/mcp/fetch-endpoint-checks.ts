// What every runtime's fetch-handler endpoint must answer to the official MCP client, on both protocol revisions: the
// tools, a valid call, invalid arguments, and an approval round trip. Shared by the suites that serve
// examples' agents (a `count` tool and a `remove` tool that needs approval) from Deno, Bun and workerd.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { textOf } from "./text-of.js";

/** A protocol era as the v2 client names it: 2025-11-25 (`legacy`) or 2026-07-28 (`modern`). */
export type Era = "legacy" | "modern";

/** Connects the official v2 client to `url` on `era`, approving every elicitation. */
export async function connectApproving(url: string, era: Era): Promise<Client> {
  const client = new Client(
    { name: `runtime-${era}`, version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
    },
  );
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { approve: true } }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/**
 * Runs the checks against the endpoint at `url` on `era` and resolves with what the client saw, for the suite to
 * compare with what it expects (an approval is refused by a stateless 2025-11-25 endpoint: no session to ask on).
 */
export async function callEndpoint(url: string, era: Era) {
  const client = await connectApproving(url, era);
  try {
    const { tools } = await client.listTools();
    const valid = await client.callTool({ name: "count", arguments: { text: "three small words" } });
    const invalid = await client.callTool({ name: "count", arguments: { text: 3 } });
    const approved = await client.callTool({ name: "remove", arguments: { title: "groceries" } });
    return {
      version: client.getNegotiatedProtocolVersion(),
      tools: tools.map((tool) => tool.name),
      valid: { isError: valid.isError ?? false, structured: valid.structuredContent },
      invalid: { isError: invalid.isError ?? false, text: textOf(invalid) },
      approved: { isError: approved.isError ?? false, text: textOf(approved) },
    };
  } finally {
    await client.close();
  }
}

/** What {@link callEndpoint} sees from an endpoint that serves the agent fully on `era`. */
export function expectedEndpoint(era: Era, approval: "runs" | "refused" = "runs") {
  return {
    version: era === "modern" ? "2026-07-28" : "2025-11-25",
    tools: ["count", "remove"],
    valid: { isError: false, structured: { words: 3, enough: true } },
    invalid: {
      isError: true,
      text: expect.stringMatching(/INVALID_ARGUMENTS.*\/text must be string/s) as unknown as string,
    },
    approved:
      approval === "runs"
        ? { isError: false, text: "deleted groceries" }
        : { isError: true, text: expect.stringMatching(/APPROVAL_REQUIRED/) as unknown as string },
  };
}
