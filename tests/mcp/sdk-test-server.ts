import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { z } from "zod";

/** A server written with the MCP SDK's high-level API (zod schemas), as a third party would write one. */
export function makeSdkServer(options: { readonly extraTool?: string } = {}) {
  const calls: string[] = [];
  const server = new McpServer({ name: "weather-server", version: "1.0.0" });
  server.registerTool(
    "forecast",
    {
      title: "Forecast",
      description: "Weather forecast for a city",
      inputSchema: { city: z.string(), days: z.number().int().min(1).max(7).optional() },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ city, days }) => {
      calls.push("forecast");
      return { content: [{ type: "text", text: `${city}: sunny for ${days ?? 1} day(s)` }] };
    },
  );
  server.registerTool(
    "temperature",
    {
      description: "Current temperature",
      inputSchema: { city: z.string() },
      outputSchema: { celsius: z.number() },
    },
    () => ({ content: [{ type: "text", text: '{"celsius":21}' }], structuredContent: { celsius: 21 } }),
  );
  server.registerTool("radar", { description: "Radar image" }, () => ({
    content: [
      { type: "text", text: "radar:" },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
    ],
  }));
  server.registerTool(
    "alerts",
    { description: "Weather alerts", inputSchema: { region: z.string() } },
    ({ region }) => ({
      content: [{ type: "text", text: `no alert feed for region ${region}` }],
      isError: true,
    }),
  );
  server.registerTool("slow", { description: "Never answers in time" }, async (extra) => {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      extra.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    return { content: [{ type: "text", text: "too late" }] };
  });
  if (options.extraTool !== undefined) {
    const name = options.extraTool;
    server.registerTool(name, { description: "An extra tool" }, () => {
      calls.push(name);
      return { content: [] };
    });
  }
  return { server, calls };
}

/** Starts the SDK server on an in-memory transport pair and returns a connected SDK client, plus the raw pair. */
export async function connectSdkServer(options: { readonly extraTool?: string } = {}) {
  const { server, calls } = makeSdkServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "toolwright-test", version: "1.0.0" });
  return { server, calls, client, clientSide };
}
