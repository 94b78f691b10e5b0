// Issue 38, end to end: an MCP client (the official SDK) answers the approval form with "remember for this session";
// the next call of the tool in that MCP session runs without asking and names the grant, another MCP session asks,
// and once the grant is revoked the first session asks again.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

const removed: string[] = [];

class Files extends BaseAgent {
  static override agentName = "grant_files";
  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) {
    removed.push(path);
    return `removed ${path}`;
  }
}

describe("issue 38: a grant made through the MCP approval form", () => {
  const agent = new Files({ registry: new ToolRegistry() });
  let server: HttpMcpServerHandle;
  const clients: Client[] = [];
  const forms: Record<string, unknown>[] = [];
  const granted: { id: string; level: string }[] = [];
  agent.on("after", (event) => {
    if (event.grant) granted.push(event.grant);
  });

  async function connect(remember: boolean): Promise<Client> {
    const client = new Client(
      { name: "grant-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      forms.push((request.params as { requestedSchema: Record<string, unknown> }).requestedSchema);
      return { action: "accept", content: { approve: true, remember } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await serveMcp(agent, { transport: "http", port: 0 });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
  });

  it("offers the field, remembers for the session only, and asks again once revoked", async () => {
    const a = await connect(true);
    const first = await a.callTool({ name: "remove", arguments: { path: "/tmp/1" } });
    expect(first.isError).toBeFalsy();
    expect(forms).toHaveLength(1);
    expect((forms[0]!.properties as Record<string, unknown>).remember).toMatchObject({
      type: "boolean",
      title: "Remember for this session",
    });

    const second = await a.callTool({ name: "remove", arguments: { path: "/tmp/2" } });
    expect(second.isError).toBeFalsy();
    expect(forms).toHaveLength(1); // nobody was asked
    expect(removed).toEqual(["/tmp/1", "/tmp/2"]);

    // Another MCP session is another conversation: it asks.
    const b = await connect(false);
    await b.callTool({ name: "remove", arguments: { path: "/tmp/3" } });
    expect(forms).toHaveLength(2);

    // The run without asking named its grant on its event; a session grant is listed only with its session.
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ level: "session" });
    expect(await agent.approvals.grants()).toEqual([]);
    expect(await agent.approvals.revoke(granted[0]!.id)).toBe(true);
    await a.callTool({ name: "remove", arguments: { path: "/tmp/4" } });
    expect(forms).toHaveLength(3);
  });
});
