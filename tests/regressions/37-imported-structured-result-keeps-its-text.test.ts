// Issue 37 (found by scripts/reserve-check.mjs against the official filesystem, memory and sequential-thinking
// servers): a remote result with `structuredContent` and its own text blocks (`[FILE] a.txt`, pretty-printed JSON)
// reached the model, and an MCP client of `serveMcp`, as the compact JSON of the structured value instead of the
// server's text. The app keeps the value (and `structuredContent` is re-served); what the model reads is the server's
// own blocks, as it already was for blocks carrying media.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BaseAgent, ToolRegistry } from "toolwright";
import { importMcpTools, serveMcp } from "toolwright/mcp";
import { z } from "zod";

class Files extends BaseAgent {
  static override agentName = "files";
}

const TEXT = "[FILE] a.txt\n[DIR] notes";

it("re-serves an imported structured result with the server's own text, and keeps the value", async () => {
  const remote = new McpServer({ name: "files-server", version: "1.0.0" });
  remote.registerTool(
    "list_directory",
    { description: "Lists a folder", inputSchema: { path: z.string() }, outputSchema: { content: z.string() } },
    () => ({ content: [{ type: "text", text: TEXT }], structuredContent: { content: TEXT } }),
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await remote.connect(serverSide);
  const registry = new ToolRegistry();
  const imported = await importMcpTools(clientSide, { registry, allowedAgents: ["files"] });
  const agent = new Files({ registry });
  const served = await serveMcp(agent, { transport: "http" });
  const client = new Client({ name: "check", version: "1.0.0" });
  try {
    // The app's value is the structured one.
    expect(await agent.callTool("list_directory", { path: "." })).toMatchObject({
      ok: true,
      content: { content: TEXT },
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const result = await client.callTool({ name: "list_directory", arguments: { path: "." } });
    expect(result.content).toEqual([{ type: "text", text: TEXT }]);
    expect(result.structuredContent).toEqual({ content: TEXT });
  } finally {
    await client.close();
    await served.close();
    await imported.close();
    await remote.close();
  }
});
