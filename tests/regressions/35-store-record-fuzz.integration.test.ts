import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, type ToolResult, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35: store records were never fuzzed. A record changed in the store (a field tampered with, a wrong type, a
// record of another scope, a field that is not JSON) must be refused: nothing runs with arguments that were not
// validated, and nothing runs twice, on the memory backend and on a real redis-server alike.
const server = useTestRedis();

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove one record", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }) {
    ran.push(name);
    return `removed ${name}`;
  }
}

// A small deterministic generator, so a failing case can be named and run again.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

const TAMPERED: readonly Record<string, unknown>[] = [
  { toolName: "purge" },
  { toolName: 7 },
  { toolName: null },
  { args: { name: "B-8" } },
  { args: { name: 5 } },
  { args: "B-7" },
  { args: [] },
  { args: null },
  { args: { name: "B-7", extra: true } },
  { argsHash: "0".repeat(64) },
  { argsHash: 12 },
  { schemaVersion: "v0" },
  { schemaVersion: [] },
  { callId: 9 },
  { callId: "c-other" },
  { auth: { scopes: ["admin"] } },
  { auth: "root" },
  { binding: "0".repeat(64) },
  { requestedAt: "yesterday" },
  { status: "approved" },
  { status: 1 },
  { framework: "yes" },
  { lookupKey: '["remove","other"]' },
];

let prefixes = 0;
const backends: [string, () => RuntimeStore][] = [
  ["MemoryStore", () => new MemoryStore()],
  ["RedisStore", () => new RedisStore({ client: server.client, prefix: `fuzz${(prefixes += 1)}` })],
];

function isRefusal(result: ToolResult): boolean {
  return !result.ok && result.outcome === "rejected" && result.error?.code === "APPROVAL_MISMATCH";
}

describe.each(backends)("store records fuzzed on %s (issue 35)", (_name, makeStore) => {
  beforeEach(() => void (ran.length = 0));

  it("runs a tampered record never, and an untouched one once with its validated arguments", async () => {
    const next = random(35);
    for (let round = 0; round < 60; round += 1) {
      const store = makeStore();
      const registry = () => new ToolRegistry({ scope: `t${round}` });
      const requester = new Ops({ registry: registry(), store });
      const approver = new Ops({ registry: registry(), store });
      const scope = `t${round}//ops`;
      const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { callId: `c${round}` });
      // Two tampered fields at a time, or none (a control: the untouched record runs once).
      const patch = round % 10 === 0 ? {} : { ...pick(next), ...pick(next) };
      if (Object.keys(patch).length > 0) {
        const written = await tamperRecord(store, "approval", scope, approvalId!, patch);
        expect(written).toBeDefined();
      }
      ran.length = 0;
      // Both replicas decide at once: at most one decision applies.
      const answers = await Promise.allSettled([
        approver.approvals.approve(approvalId!),
        requester.approvals.approve(approvalId!),
      ]);
      const results = answers.flatMap((answer) => (answer.status === "fulfilled" ? [answer.value] : []));
      const context = `round ${round}, patch ${JSON.stringify(patch)}`;
      // Whatever the patch, nothing ran twice, and nothing ran but the validated arguments.
      expect({ context, ran: ran.length <= 1 && ran.every((name) => name === "B-7") }).toEqual({ context, ran: true });
      const keys = Object.keys(patch);
      // Fields that bind the approval (the call id among them) or move it out of `pending` refuse it; fields that
      // only list or find it do not.
      if (keys.every((key) => ["requestedAt", "framework", "lookupKey"].includes(key))) {
        expect({ context, ran }).toEqual({ context, ran: ["B-7"] });
      } else {
        expect({ context, ran }).toEqual({ context, ran: [] });
        for (const result of results)
          expect({ context, refused: isRefusal(result) }).toEqual({ context, refused: true });
      }
    }
  });

  it("does not decide or list a record of another scope", async () => {
    const store = makeStore();
    const tenantA = new Ops({ registry: new ToolRegistry({ scope: "a" }), store });
    const tenantB = new Ops({ registry: new ToolRegistry({ scope: "b" }), store });
    const { approvalId } = await tenantA.callTool("remove", { name: "B-7" });
    await expect(tenantB.approvals.approve(approvalId!)).rejects.toThrow(/unknown|not found|no pending/i);
    expect(await tenantB.approvals.list()).toEqual([]);
    expect(ran).toEqual([]);
  });
});

describe("a Redis record whose fields are not JSON (issue 35)", () => {
  beforeEach(() => void (ran.length = 0));

  it("is refused: truncated JSON in a field runs nothing", async () => {
    const store = new RedisStore({ client: server.client, prefix: "fuzz-truncated" });
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" });
    const key = `fuzz-truncated:{${encodeURIComponent("t//ops")}}:approval:${approvalId}`;
    await server.client.sendCommand(["HSET", key, "args", '{"name":"B-']);
    await expect(approver.approvals.approve(approvalId!)).rejects.toThrow();
    expect(ran).toEqual([]);
  });
});

function pick(next: () => number): Record<string, unknown> {
  return TAMPERED[Math.floor(next() * TAMPERED.length)]!;
}
