// Issue 37: `auth.agentFor` serves each verified token with the agent of its tenant and user (made with their store
// scope), so the calls, background tasks and approvals of one token's requests are kept under that scope and another
// token's never reach them, though every agent shares one store. Official SDK clients over Streamable HTTP, two tokens.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { BaseAgent, type CallAuth, MemoryStore, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { TokenTable } from "./auth-fixtures.js";
import { textOf } from "./text-of.js";
import { rpc } from "../support/raw-mcp-2026.js";

jest.setTimeout(20_000);

let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

class Desk extends BaseAgent {
  static override agentName = "desk";
  owner = "template";

  @tool({ description: "Who serves this call", params: {}, readOnly: true })
  whoServes() {
    return this.owner;
  }

  @tool({ description: "Build a report", params: { title: p.string() }, timeoutMs: 20, onTimeout: "background" })
  async build({ title }: { title: string }) {
    await released;
    return `report ${title}`;
  }
}

describe("auth.agentFor: one agent per tenant and user", () => {
  const table = new TokenTable();
  const registry = new ToolRegistry();
  const store = new MemoryStore();
  const agents = new Map<string, Desk>();
  // The app's mapping: the tenant (from the token's extra claims) and the user make the agent's store scope.
  const agentFor = (auth: CallAuth) => {
    const key = `${String(auth.extra?.tenant)}/${auth.subject}`;
    let agent = agents.get(key);
    if (agent === undefined) {
      agent = new Desk({ registry, store, scope: key });
      agent.owner = key;
      agents.set(key, agent);
    }
    return agent;
  };
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new Desk({ registry, store }), { transport: "http", auth: table.auth({ agentFor }) });
    table.resource = server.url;
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const tokens: [string, string][] = [
      ["alice", "acme"],
      ["bob", "globex"],
    ];
    for (const [subject, tenant] of tokens) {
      table.tokens.set(subject, { subject, scopes: ["mcp"], audience: server.url, expiresAt, extra: { tenant } });
    }
  });
  afterAll(async () => {
    release();
    await server?.close();
  });

  const v1 = async (token: string) => {
    const client = new Client({ name: "v1", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  };
  const v2 = async (token: string) => {
    const client = new Client2({ name: "v2", version: "1.0.0" }, {
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    } as never);
    await client.connect(new Transport2(new URL(server.url), { authProvider: { token: async () => token } }));
    return client;
  };

  // A raw 2026-07-28 tasks/get (the clients have no call for it), with the token's bearer header.
  const tasksGet = (token: string, taskId: string) => rpc(server.url, "tasks/get", { taskId }, { token });

  it("runs each token's calls on its own agent, on 2025-11-25 sessions and 2026-07-28 requests", async () => {
    const alice = await v1("alice");
    const bob = await v2("bob");
    try {
      expect(textOf(await alice.callTool({ name: "whoServes", arguments: {} }))).toBe("acme/alice");
      expect(textOf((await bob.callTool({ name: "whoServes", arguments: {} })) as never)).toBe("globex/bob");
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it("keeps a token's background task under its scope: the other tenant's agent cannot read it", async () => {
    const alice = await v2("alice");
    try {
      const answer = await alice.callTool({ name: "build", arguments: { title: "q3" } });
      const taskId = /background task "([0-9a-f-]{36})"/.exec(textOf(answer as never))?.[1];
      expect(taskId).toBeDefined();
      // One store for every agent: only the scope of alice's tenant and user holds the task.
      expect(await agents.get("acme/alice")!.tasks.fetch(taskId!)).toMatchObject({ id: taskId, status: "running" });
      expect(await agents.get("globex/bob")!.tasks.fetch(taskId!)).toBeUndefined();
      expect(await new Desk({ registry, store }).tasks.fetch(taskId!)).toBeUndefined();
      // Over MCP (2026-07-28 tasks/get, where the task id is the only key without a session): bob's token is told
      // there is no such task; alice's reads it.
      expect(await tasksGet("bob", taskId!)).toMatchObject({ error: { code: -32602 } });
      expect(await tasksGet("alice", taskId!)).toMatchObject({ result: { taskId, status: "working" } });
      release();
      const done = await agents.get("acme/alice")!.tasks.wait(taskId!);
      expect(done).toMatchObject({ ok: true, content: "report q3" });
    } finally {
      await alice.close();
    }
  });

  it("refuses an agentFor that is not a function, where the endpoint is defined", async () => {
    await expect(
      serveMcp(new Desk({ registry }), { transport: "http", auth: table.auth({ agentFor: "desk" as never }) }),
    ).rejects.toThrow("serveMcp: auth.agentFor must be a function from the token's auth to the agent serving it.");
  });
});
