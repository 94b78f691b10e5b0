// Issue 37: over MCP with `serveMcp({ auth })` (real Streamable HTTP, official SDK clients and raw 2026-07-28
// requests), a token of one tenant must not see, approve or settle another tenant's pending approval. With
// `auth.agentFor` each tenant's approvals live under its own store scope; and whatever agent serves both tokens, the
// signed `requestState` of an approval question is bound to the token it was asked for, so another token's replay of
// it is refused (before, with one agent for every token, a replayed state approved and ran the other user's call).
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, type CallAuth, MemoryStore, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { TokenTable } from "../mcp/auth-fixtures.js";
import { textOf } from "../mcp/text-of.js";
import { type Rpc, TASKS_OPT_IN, rpc } from "../support/raw-mcp-2026.js";

jest.setTimeout(20_000);

const ran: string[] = [];

class Bank extends BaseAgent {
  static override agentName = "bank";
  owner = "endpoint";

  @tool({ description: "Wire money", params: { amount: p.integer() }, requiresApproval: true })
  wire({ amount }: { amount: number }) {
    ran.push(`${this.owner} ${amount}`);
    return `wired ${amount}`;
  }
}

const ASKS = { capabilities: { elicitation: { form: {} }, ...TASKS_OPT_IN } };
const approveWith = (asked: Rpc) => ({
  name: "wire",
  arguments: { amount: 100 },
  inputResponses: { approve: { action: "accept", content: { approve: true } } },
  requestState: asked.result!.requestState,
});

async function tenants(agentFor: boolean) {
  const table = new TokenTable();
  const registry = new ToolRegistry();
  const store = new MemoryStore();
  const agents = new Map<string, Bank>();
  const forToken = (auth: CallAuth) => {
    const key = `${String(auth.extra?.tenant)}/${auth.subject}`;
    let agent = agents.get(key);
    if (agent === undefined) {
      agent = new Bank({ registry, store, scope: key });
      agent.owner = key;
      agents.set(key, agent);
    }
    return agent;
  };
  const endpointAgent = new Bank({ registry, store });
  const auth = table.auth(agentFor ? { agentFor: forToken } : {});
  const server = await serveMcp(endpointAgent, { transport: "http", auth });
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  for (const [subject, tenant] of [
    ["alice", "acme"],
    ["bob", "globex"],
  ] as const) {
    const info = { subject, clientId: `${subject}-app`, scopes: ["mcp"], audience: server.url, expiresAt };
    table.tokens.set(subject, { ...info, extra: { tenant } });
  }
  return { server, agents, endpointAgent };
}

describe("another tenant's pending approval over MCP", () => {
  let server: HttpMcpServerHandle | undefined;
  beforeEach(() => void ran.splice(0));
  afterEach(() => server?.close());

  it("2026-07-28, agents per tenant: alice neither sees nor approves bob's pending call; bob then approves it", async () => {
    const setup = await tenants(true);
    server = setup.server;
    const asked = await rpc(
      server.url,
      "tools/call",
      { name: "wire", arguments: { amount: 100 } },
      {
        ...ASKS,
        token: "bob",
      },
    );
    expect(asked.result).toMatchObject({ resultType: "input_required" });
    const bobs = setup.agents.get("globex/bob")!;
    expect(bobs.approvals.pending()).toHaveLength(1);
    // Alice's requests are served by her tenant's agent, which holds no approval of bob's.
    const whoami = await rpc(server.url, "tools/list", {}, { ...ASKS, token: "alice" });
    expect(whoami.result).toMatchObject({ tools: [{ name: "wire" }] });
    expect(setup.agents.get("acme/alice")!.approvals.pending()).toEqual([]);
    // Alice replays bob's question, answered: refused before any approval is touched.
    const replay = await rpc(server.url, "tools/call", approveWith(asked), { ...ASKS, token: "alice" });
    expect(replay.error).toMatchObject({ code: -32602 });
    expect(ran).toEqual([]);
    expect(bobs.approvals.pending()).toHaveLength(1);
    // Bob's own answer still settles it, once.
    const done = await rpc(server.url, "tools/call", approveWith(asked), { ...ASKS, token: "bob" });
    expect(done.result).toMatchObject({ content: [{ type: "text", text: "wired 100" }] });
    expect(ran).toEqual(["globex/bob 100"]);
    expect(bobs.approvals.pending()).toEqual([]);
  });

  it("2026-07-28, one agent for every token: a state asked for bob is refused for alice's token", async () => {
    const setup = await tenants(false);
    server = setup.server;
    const asked = await rpc(
      server.url,
      "tools/call",
      { name: "wire", arguments: { amount: 100 } },
      {
        ...ASKS,
        token: "bob",
      },
    );
    expect(asked.result).toMatchObject({ resultType: "input_required" });
    const replay = await rpc(server.url, "tools/call", approveWith(asked), { ...ASKS, token: "alice" });
    expect(replay.error).toMatchObject({ code: -32602 });
    expect(ran).toEqual([]);
    expect(setup.endpointAgent.approvals.pending()).toHaveLength(1);
    const done = await rpc(server.url, "tools/call", approveWith(asked), { ...ASKS, token: "bob" });
    expect(done.result).toMatchObject({ content: [{ type: "text", text: "wired 100" }] });
    expect(ran).toEqual(["endpoint 100"]);
  });

  it("2025-11-25 sessions (official v1 clients): only bob's own client is asked, and alice's agent holds nothing", async () => {
    const setup = await tenants(true);
    server = setup.server;
    const asked: string[] = [];
    const connect = async (token: string, whileAsked: () => void = () => undefined) => {
      const client = new V1Client({ name: token, version: "1.0.0" }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, () => {
        asked.push(token);
        whileAsked();
        return { action: "accept", content: { approve: true } };
      });
      await client.connect(
        new V1Http(new URL(setup.server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      return client;
    };
    const alice = await connect("alice");
    let seenByAlice: unknown[] | undefined;
    const bob = await connect("bob", () => {
      // While bob's user is asked, the approval is pending under bob's tenant only.
      seenByAlice = setup.agents.get("acme/alice")!.approvals.pending();
      expect(setup.agents.get("globex/bob")!.approvals.pending()).toHaveLength(1);
    });
    try {
      expect(textOf(await alice.callTool({ name: "wire", arguments: { amount: 5 } }))).toBe("wired 5");
      expect(textOf(await bob.callTool({ name: "wire", arguments: { amount: 100 } }))).toBe("wired 100");
      expect(asked).toEqual(["alice", "bob"]);
      expect(seenByAlice).toEqual([]);
      expect(ran).toEqual(["acme/alice 5", "globex/bob 100"]);
    } finally {
      await alice.close();
      await bob.close();
    }
  });
});
