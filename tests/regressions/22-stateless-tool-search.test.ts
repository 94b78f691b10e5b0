import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { makeDeskAgent } from "../fixtures/providers/desk-agent.js";
import { textOf } from "../mcp/text-of.js";

jest.setTimeout(20_000);

// Issue #22: over stateless HTTP, tool_search answered "These tools are loaded now; call them by name" and the server
// advertised tools.listChanged, yet every request meets a fresh server: tools/list never changed and no notification
// could ever be sent. Now no listChanged is advertised, and the search answer says how to call what it found, with
// each tool's schema, and the call works on any replica.
describe("tool_search on a stateless MCP server", () => {
  let server: HttpMcpServerHandle;
  let client: Client;
  const agent = makeDeskAgent();

  beforeAll(async () => {
    server = await serveMcp(agent, { transport: "http", port: 0, stateless: true });
    client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("advertises no tools.listChanged, since it can never send one", () => {
    expect(client.getServerCapabilities()?.tools?.listChanged).toBeFalsy();
  });

  it("answers a search with each found tool's schema and how to call it, and the call works directly", async () => {
    const found = await client.callTool({ name: "tool_search", arguments: { query: "convert currency", limit: 1 } });
    const report = JSON.parse(textOf(found)) as { tools: Record<string, unknown>[]; note: string };
    expect(report.note).toMatch(/not added to this server's tools\/list.*Call each one directly \(tools\/call\)/);
    expect(report.tools).toEqual([
      expect.objectContaining({
        name: "convert_currency",
        description: expect.any(String),
        inputSchema: expect.objectContaining({ type: "object", required: ["amount", "from", "to"] }),
      }),
    ]);
    // The listing is what it was: the note says so rather than promising otherwise.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["get_time", "tool_search"]);

    const converted = await client.callTool({
      name: "convert_currency",
      arguments: { amount: 3, from: "EUR", to: "USD" },
    });
    expect(converted.isError).toBeFalsy();
    expect(agent.conversions).toEqual([{ amount: 3, from: "EUR", to: "USD" }]);
  });

  it("keeps the plain answer when nothing matches", async () => {
    const none = await client.callTool({ name: "tool_search", arguments: { query: "zzzz qqqq" } });
    expect(JSON.parse(textOf(none))).toEqual({ tools: [], note: "No tool matches; search again with other words." });
  });
});
