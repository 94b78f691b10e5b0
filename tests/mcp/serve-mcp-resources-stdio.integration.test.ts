// Resources, prompts and completions from @resource and @prompt methods over stdio, both revisions from one spawned
// server each, read with the official v2 client (the same checks as serve-mcp-resources.test.ts over HTTP).
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { join } from "node:path";
import { checkCompletions, checkPrompts, checkResources } from "./resource-prompt-checks.js";

jest.setTimeout(60_000);

const SERVER = join(__dirname, "library-stdio-server.ts");

describe("serveMcp resources and prompts over stdio", () => {
  it.each(["2025-11-25", "2026-07-28"])("lists, reads, gets and completes on %s", async (revision) => {
    const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" as const } } } : {};
    const client = new Client({ name: "stdio-library", version: "1.0.0" }, pin);
    await client.connect(new StdioClientTransport({ command: "npx", args: ["tsx", SERVER], stderr: "ignore" }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      await checkResources(client);
      await checkPrompts(client);
      await checkCompletions(client);
    } finally {
      await client.close();
    }
  });
});
