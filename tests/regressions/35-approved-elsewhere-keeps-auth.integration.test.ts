import { BaseAgent, type CallAuth, MemoryStore, type RuntimeStore, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35, a break found last stop: an approval decided in another process (rebuilt from the shared store) ran
// without the call's `auth`: the handler's `context.auth` was undefined there, though the requesting process would
// have run it as the verified user. The record keeps the call's auth (the verifier's claims, never a token), bound
// into its integrity check, so the approved run sees the same `context.auth` wherever it runs.
const server = useTestRedis();

const ALICE: CallAuth = {
  subject: "alice",
  clientId: "desk",
  scopes: ["files:write"],
  expiresAt: 4_102_444_800,
  audience: ["https://tools.example"],
  extra: { tenant: "acme" },
};

const seen: (CallAuth | undefined)[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({
    description: "Remove one record",
    params: { name: p.string() },
    requiresApproval: true,
    authScopes: ["files:write"],
  })
  remove(_args: { name: string }, context: { auth?: CallAuth | undefined }) {
    seen.push(context.auth);
    return "removed";
  }
}

let prefixes = 0;
const backends: [string, () => RuntimeStore][] = [
  ["a shared MemoryStore", () => new MemoryStore()],
  ["a RedisStore", () => new RedisStore({ client: server.client, prefix: `kept-auth${(prefixes += 1)}` })],
];

describe.each(backends)("an approval decided in another process on %s (issue 35)", (_name, makeStore) => {
  beforeEach(() => void (seen.length = 0));

  it("runs with the call's context.auth", async () => {
    const store = makeStore();
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { auth: ALICE });
    expect(await approver.approvals.approve(approvalId!)).toMatchObject({ ok: true });
    expect(seen).toEqual([ALICE]);
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it("runs a call made without auth with none", async () => {
    const store = makeStore();
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, scopeChecker: () => true });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, scopeChecker: () => true });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" });
    expect(await approver.approvals.approve(approvalId!)).toMatchObject({ ok: true });
    expect(seen).toEqual([undefined]);
  });

  it("refuses a record whose stored auth was changed, running nothing", async () => {
    const store = makeStore();
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { auth: ALICE });
    const admin = { ...ALICE, subject: "root", scopes: ["files:write", "admin"] };
    const written = await tamperRecord(store, "approval", "t//ops", approvalId!, { auth: admin });
    expect(written).toBeDefined();
    const result = await approver.approvals.approve(approvalId!);
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
    expect(seen).toEqual([]);
  });
});
