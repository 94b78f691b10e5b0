// Approvals on 2026-07-28: a call that needs approval answers input_required with an elicitation form; the client's
// retry carries the user's answer and runs the call once, with the arguments shown, bound to the approval record.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { rpc } from "../support/raw-mcp-2026.js";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

const ran: string[] = [];

class VaultAgent extends BaseAgent {
  static override agentName = "vault_agent";
  @tool({ description: "Delete a note", params: { title: p.string() }, requiresApproval: true, destructive: true })
  remove({ title }: { title: string }) {
    ran.push(title);
    return `deleted ${title}`;
  }
}

/** One raw 2026-07-28 call of `remove` (its arguments unless `params` names others), as a form-capable client sends it. */
const call = (url: string, params: Record<string, unknown>, capabilities: object = { elicitation: { form: {} } }) =>
  rpc(url, "tools/call", { name: "remove", arguments: { title: "groceries" }, ...params }, { capabilities });

const accept = { approve: { action: "accept", content: { approve: true } } };

describe("serveMcp approvals over input_required (2026-07-28)", () => {
  let server: HttpMcpServerHandle;
  let agent: VaultAgent;
  beforeAll(async () => {
    agent = new VaultAgent({ registry: new ToolRegistry() });
    server = await serveMcp(agent, { transport: "http" });
  });
  afterAll(() => server?.close());
  beforeEach(() => void (ran.length = 0));

  it("approves through the official v2 client: the question names the call, the call runs once", async () => {
    const asked: string[] = [];
    const client = new Client(
      { name: "v2", version: "1" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    client.setRequestHandler("elicitation/create", (request) => {
      asked.push((request.params as { message: string }).message);
      return { action: "accept", content: { approve: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const result = await client.callTool({ name: "remove", arguments: { title: "groceries" } });
    expect(textOf(result)).toBe("deleted groceries");
    expect(ran).toEqual(["groceries"]);
    expect(asked).toEqual([expect.stringContaining('call tool "remove" with {"title":"groceries"}')]);
    expect(agent.approvals.pending()).toEqual([]);
    await client.close();
  });

  it("answers input_required, runs once on the retry, and refuses a replay of the same answer", async () => {
    const first = await call(server.url, {});
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { approve: { method: "elicitation/create", params: { mode: "form" } } },
    });
    expect(ran).toEqual([]);
    const requestState = first.result!.requestState as string;
    const retry = await call(server.url, { inputResponses: accept, requestState });
    expect(retry.result).toMatchObject({
      resultType: "complete",
      content: [{ type: "text", text: "deleted groceries" }],
    });
    const replay = await call(server.url, { inputResponses: accept, requestState });
    expect(replay.result).toMatchObject({ resultType: "complete", isError: true });
    expect(JSON.stringify(replay.result)).toContain("already answered");
    expect(ran).toEqual(["groceries"]);
  });

  it("rejects the call when the user declines, and asks again when the retry lacks the answer", async () => {
    const first = await call(server.url, {});
    const requestState = first.result!.requestState as string;
    const again = await call(server.url, { inputResponses: {}, requestState });
    expect(again.result).toMatchObject({ resultType: "input_required" });
    const declined = await call(server.url, {
      inputResponses: { approve: { action: "decline" } },
      requestState: again.result!.requestState,
    });
    expect(declined.result).toMatchObject({ isError: true });
    expect(JSON.stringify(declined.result)).toContain("APPROVAL_REJECTED");
    expect(ran).toEqual([]);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("refuses a tampered requestState with -32602 and never runs the call", async () => {
    const first = await call(server.url, {});
    const state = first.result!.requestState as string;
    const tampered = state.slice(0, -4) + (state.endsWith("AAAA") ? "BBBB" : "AAAA");
    const answer = await call(server.url, { inputResponses: accept, requestState: tampered });
    expect(answer.error?.code).toBe(-32602);
    expect(ran).toEqual([]);
  });

  it("refuses the call for a client that declared no elicitation, leaving nothing pending", async () => {
    // (A question nobody answered, as the tampered one above, stays pending until the agent's approvals expire it.)
    const before = agent.approvals.pending().length;
    const answer = await call(server.url, {}, {});
    expect(answer.result).toMatchObject({ resultType: "complete", isError: true });
    expect(JSON.stringify(answer.result)).toContain("APPROVAL_REQUIRED");
    expect(agent.approvals.pending()).toHaveLength(before);
  });
});
