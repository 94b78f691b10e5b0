// A tool's `context.client` over stdio, both eras from one spawned server: the official v2 client fulfils a tool's
// elicitation, sampling and roots requests (pushed on 2025-11-25, input_required rounds on 2026-07-28).
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { join } from "node:path";
import { FULL } from "./desk-agent.js";

jest.setTimeout(60_000);

const SERVER = join(__dirname, "desk-stdio-server.ts");

describe("context.client over stdio", () => {
  it.each(["2025-11-25", "2026-07-28"])("runs a tool that asks three things on %s", async (revision) => {
    const modern = revision === "2026-07-28";
    const client = new Client(
      { name: "stdio-desk", version: "1.0.0" },
      { capabilities: FULL, ...(modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}) },
    );
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
    client.setRequestHandler("sampling/createMessage", () => ({
      role: "assistant",
      content: { type: "text", text: "ok" },
      model: "m",
    }));
    client.setRequestHandler("roots/list", () => ({ roots: [{ uri: "file:///r" }] }));
    await client.connect(new StdioClientTransport({ command: "npx", args: ["tsx", SERVER], stderr: "ignore" }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      const result = await client.callTool({ name: "book", arguments: { city: "Oslo" } });
      expect(result.content).toEqual([{ type: "text", text: "booked Oslo for Ada (m, 1 roots)" }]);
    } finally {
      await client.close();
    }
  });
});
