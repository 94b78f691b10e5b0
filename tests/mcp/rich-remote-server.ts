import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";

/** One pixel of PNG and a few bytes of WAV, as base64. */
export const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
export const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";

/**
 * An MCP server written with SDK v1's high-level API whose tools answer every kind of content block, declare an
 * output schema, report progress, and carry names MCP allows but providers refuse.
 */
export function makeRichServer() {
  const calls: string[] = [];
  const server = new McpServer({ name: "rich-server", version: "1.0.0" });
  server.registerTool(
    "weather.now",
    {
      description: "Weather now, structured",
      inputSchema: { city: z.string() },
      outputSchema: { celsius: z.number(), sky: z.enum(["clear", "cloudy"]) },
    },
    ({ city }) => {
      calls.push("weather.now");
      const value = { celsius: city === "Oslo" ? 4 : 21, sky: "clear" as const };
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    },
  );
  server.registerTool("media", { description: "Every kind of content block" }, () => ({
    content: [
      { type: "text", text: "Here it is:" },
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "audio", data: WAV, mimeType: "audio/wav" },
      { type: "resource_link", uri: "file:///notes/a.md", name: "a.md", mimeType: "text/markdown" },
      { type: "resource", resource: { uri: "file:///notes/b.md", mimeType: "text/markdown", text: "# B" } },
      { type: "resource", resource: { uri: "file:///shots/c.png", mimeType: "image/png", blob: PNG } },
      { type: "resource", resource: { uri: "file:///data/d.bin", mimeType: "application/x-thing", blob: WAV } },
    ],
  }));
  server.registerTool(
    "steps",
    { description: "Reports progress, then answers", inputSchema: { count: z.number().int() } },
    async ({ count }, extra) => {
      const token = extra._meta?.progressToken;
      for (let step = 1; step <= count; step += 1) {
        if (token !== undefined) {
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress: step, total: count, message: `step ${step}` },
          });
        }
      }
      return { content: [{ type: "text", text: `did ${count} steps${token === undefined ? " (no token)" : ""}` }] };
    },
  );
  // Legal in MCP (SEP-986: up to 128 of A-Z a-z 0-9 _ - .), refused by OpenAI, Anthropic and Gemini.
  // "files/read" is outside even that; the SDK registers it with a console warning, muted here.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    for (const name of ["notes.search", "notes_search", "a".repeat(70), "a".repeat(70) + ".b", "files/read"]) {
      server.registerTool(name, { description: `Tool ${name}` }, () => {
        calls.push(name);
        return { content: [{ type: "text", text: `ran ${name}` }] };
      });
    }
  } finally {
    console.warn = warn;
  }
  return { server, calls };
}

/** Starts the rich server on an in-memory pair; returns the server, its call log and the client side. */
export async function startRichServer() {
  const { server, calls } = makeRichServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return { server, calls, clientSide };
}
