// Issue 37: an agent chosen per token by `auth.agentFor` did not forward its resource changes (resourceChanged,
// resourceListChanged) to the endpoint's 2026-07-28 `subscriptions/listen` streams: only the endpoint's own agent's
// reached them, so a client served by its tenant's agent never heard of a change. The official v2 client over
// Streamable HTTP, with a bearer token, listening; the endpoint's own agent announces last, so a stream that missed
// the token's agent's change fails on the order of what it heard instead of waiting for a time-out.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BaseAgent, type CallAuth, ToolRegistry, resource } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { TokenTable } from "../mcp/auth-fixtures.js";

jest.setTimeout(20_000);

class Notes extends BaseAgent {
  static override agentName = "notes";
  owner = "endpoint";

  @resource({ uri: "notes://{name}", name: "note", mimeType: "text/plain" })
  note({ name }: { name: string }) {
    return `${this.owner}: ${name}`;
  }
}

describe("auth.agentFor agents and 2026-07-28 listen streams", () => {
  const table = new TokenTable();
  const registry = new ToolRegistry();
  const endpointAgent = new Notes({ registry });
  const agents = new Map<string, Notes>();
  const agentFor = (auth: CallAuth) => {
    let agent = agents.get(auth.subject!);
    if (agent === undefined) {
      agent = new Notes({ registry, scope: auth.subject! });
      agent.owner = auth.subject!;
      agents.set(auth.subject!, agent);
    }
    return agent;
  };
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(endpointAgent, { transport: "http", auth: table.auth({ agentFor }) });
    table.resource = server.url;
    table.issue("alice-token", "alice", ["mcp"]);
  });
  afterAll(() => server?.close());

  it("a token's agent's resource changes reach the listen streams, as the endpoint agent's do", async () => {
    const client = new Client({ name: "listener", version: "1.0.0" }, {
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    } as never);
    const heard: string[] = [];
    let done: () => void = () => undefined;
    const last = new Promise<void>((resolve) => (done = resolve));
    client.setNotificationHandler("notifications/resources/updated", (n) => {
      heard.push(`updated ${n.params.uri}`);
      if (n.params.uri === "notes://last") done();
    });
    client.setNotificationHandler("notifications/resources/list_changed", () => void heard.push("list"));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: "Bearer alice-token" } },
      }),
    );
    // The token is served by alice's agent, made by agentFor on its first request.
    const read = await client.readResource({ uri: "notes://todo" });
    expect(read.contents).toEqual([{ uri: "notes://todo", mimeType: "text/plain", text: "alice: todo" }]);
    const alice = agents.get("alice")!;
    const subscription = await client.listen({
      resourceSubscriptions: ["notes://todo", "notes://last"],
      resourcesListChanged: true,
    });
    alice.resourceChanged("notes://todo");
    alice.resourceListChanged();
    endpointAgent.resourceChanged("notes://last");
    await last;
    expect(heard).toEqual(["updated notes://todo", "list", "updated notes://last"]);
    await subscription.close();
    await client.close();
  });
});
