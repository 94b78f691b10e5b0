import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { makeDeskAgent } from "../fixtures/providers/desk-agent.js";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

async function connect(url: string): Promise<{ client: Client; listChanged: Promise<void> }> {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  const listChanged = new Promise<void>((resolve) =>
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, listChanged };
}

describe("serveMcp with deferred tools", () => {
  let server: HttpMcpServerHandle;
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server?.close();
  });

  it("lists a deferred tool in a session only when that session's search found it", async () => {
    const agent = makeDeskAgent();
    server = await serveMcp(agent, { transport: "http", port: 0 });
    const first = await connect(server.url);
    const second = await connect(server.url);
    clients.push(first.client, second.client);
    expect(first.client.getServerCapabilities()?.tools?.listChanged).toBe(true);

    const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);
    expect(await names(first.client)).toEqual(["get_time", "tool_search"]);

    const found = await first.client.callTool({
      name: "tool_search",
      arguments: { query: "convert currency", limit: 1 },
    });
    expect(JSON.parse(textOf(found))).toMatchObject({ tools: [{ name: "convert_currency" }] });
    await first.listChanged;
    expect(await names(first.client)).toContain("convert_currency");
    expect(await names(second.client)).toEqual(["get_time", "tool_search"]);

    const converted = await first.client.callTool({
      name: "convert_currency",
      arguments: { amount: 1, from: "EUR", to: "USD" },
    });
    expect(converted.isError).toBeFalsy();
    expect(agent.conversions).toEqual([{ amount: 1, from: "EUR", to: "USD" }]);
  });
});
