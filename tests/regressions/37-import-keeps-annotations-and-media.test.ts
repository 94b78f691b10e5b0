// Issue 37: import lost what a real server's results carry. Content `annotations` (audience, priority) were dropped
// through callTool and when re-served; a result with an image block and the same data in structuredContent (the
// filesystem server's read_media_file) reached every provider as base64 JSON text, and an MCP client of serveMcp got
// a text block. Here a server written with SDK v1 answers both kinds, is imported through either official client, and is
// served again over Streamable HTTP to the official client, which must get the blocks the server sent.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { BaseAgent, ToolRegistry, toAnthropicToolResult, toOpenAIToolResult } from "toolwright";
import { type HttpMcpServerHandle, type McpClientLike, importMcpTools, serveMcp } from "toolwright/mcp";
import { PNG } from "../mcp/rich-remote-server.js";

jest.setTimeout(30_000);

const IMAGE = { type: "image" as const, data: PNG, mimeType: "image/png" };
const FOR_USER = { audience: ["user" as const], priority: 0.2 };
const FOR_MODEL = { audience: ["assistant" as const], priority: 1 };

function mediaServer(): McpServer {
  const server = new McpServer({ name: "media-server", version: "1.0.0" });
  server.registerTool("notes", { description: "Annotated text and an annotated image" }, () => ({
    content: [
      { type: "text", text: "shown to the user", annotations: FOR_USER },
      { type: "text", text: "read by the model", annotations: FOR_MODEL },
      { ...IMAGE, annotations: FOR_USER },
    ],
  }));
  server.registerTool(
    "read_media_file",
    {
      description: "A media file, as filesystem's server answers it",
      outputSchema: { content: z.array(z.object({ type: z.string(), data: z.string(), mimeType: z.string() })) },
    },
    () => ({ content: [IMAGE], structuredContent: { content: [IMAGE] } }),
  );
  return server;
}

class Reader extends BaseAgent {
  static override agentName = "reader";
}

// The importer is either SDK major's official client; the client of the re-served agent is v1's.
const importers: [string, () => McpClientLike & { connect(transport: never): Promise<void> }][] = [
  ["SDK v1 Client", () => new Client({ name: "importer", version: "1.0.0" })],
  ["SDK v2 Client", () => new ClientV2({ name: "importer", version: "1.0.0" })],
];

describe.each(importers)(
  "importMcpTools through the %s keeps annotations and media (issue 37)",
  (_label, makeImporter) => {
    const registry = new ToolRegistry();
    const reader = new Reader({ registry });
    let remote: McpServer;
    let imported: Awaited<ReturnType<typeof importMcpTools>>;
    let served: HttpMcpServerHandle;
    let client: Client;

    beforeAll(async () => {
      remote = mediaServer();
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await remote.connect(serverSide);
      const upstream = makeImporter();
      await upstream.connect(clientSide as never);
      imported = await importMcpTools(upstream, { registry, allowedAgents: ["reader"] });
      served = await serveMcp(reader, { transport: "http", port: 0 });
      client = new Client({ name: "test-client", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    });

    afterAll(async () => {
      await client?.close();
      await served?.close();
      await imported?.close();
      await imported?.client.close();
      await remote?.close();
    });

    it("keeps each block's annotations through callTool", async () => {
      const result = await reader.callTool("notes", {});
      expect(result.ok).toBe(true);
      expect(result.content).toEqual({
        type: "content",
        parts: [
          { type: "text", text: "shown to the user", annotations: FOR_USER },
          { type: "text", text: "read by the model", annotations: FOR_MODEL },
          { ...IMAGE, annotations: FOR_USER },
        ],
      });
    });

    it("sends the annotations on when served again", async () => {
      const result = await client.callTool({ name: "notes", arguments: {} });
      expect(result.content).toEqual([
        { type: "text", text: "shown to the user", annotations: FOR_USER },
        { type: "text", text: "read by the model", annotations: FOR_MODEL },
        { ...IMAGE, annotations: FOR_USER },
      ]);
    });

    it("keeps structuredContent for the app and gives providers the image, not its base64 as JSON text", async () => {
      const result = await reader.callTool("read_media_file", {});
      expect(result).toMatchObject({ ok: true, content: { content: [IMAGE] } });
      const call = { id: "call_1", name: "read_media_file", arguments: {} };
      const openai = toOpenAIToolResult(call, result, { api: "responses" });
      expect(JSON.stringify(openai)).not.toContain('\\"data\\"');
      expect(JSON.stringify(openai)).toContain("input_image");
      const anthropic = toAnthropicToolResult(call, result);
      expect(anthropic.content).toEqual([
        { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
      ]);
    });

    it("answers an MCP client of serveMcp with the image block and the structuredContent", async () => {
      const result = await client.callTool({ name: "read_media_file", arguments: {} });
      expect(result.content).toEqual([IMAGE]);
      expect(result.structuredContent).toEqual({ content: [IMAGE] });
    });
  },
);
