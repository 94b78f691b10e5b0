// importMcpTools given an SDK v1 HTTP transport, with the SDK v2 client installed, against toolwright's own server
// (which speaks 2026-07-28): the v2 client's era probe went out through the v1 transport without the
// MCP-Protocol-Version header that revision requires, the server refused it (-32020), and the import failed. A v1
// transport is now negotiated in legacy mode; a v2 transport still reaches 2026-07-28.
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, importMcpTools, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

class Adder extends BaseAgent {
  static override agentName = "adder";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }) {
    return { sum: a + b };
  }
}

class Caller extends BaseAgent {
  static override agentName = "caller";
}

let server: HttpMcpServerHandle;
beforeAll(async () => {
  server = await serveMcp(new Adder({ registry: new ToolRegistry() }), { transport: "http", port: 0 });
});
afterAll(() => server.close());

it.each([
  ["an SDK v1 transport", () => new V1Transport(new URL(server.url))],
  ["an SDK v2 transport", () => new StreamableHTTPClientTransport(new URL(server.url))],
])("imports and calls a served tool through %s", async (_name, transport) => {
  const registry = new ToolRegistry();
  const imported = await importMcpTools(transport() as never, {
    registry,
    allowedAgents: ["caller"],
    prefix: "remote_",
    timeoutMs: 5_000,
  });
  try {
    expect(imported.tools.map((t) => t.name)).toEqual(["remote_add"]);
    const result = await new Caller({ registry }).callTool("remote_add", { a: 2, b: 3 });
    expect(result).toMatchObject({ ok: true, content: { sum: 5 } });
  } finally {
    await imported.close();
  }
});
