import { BaseAgent, MemoryStore, type RuntimeStore, type ToolCallContext, ToolRegistry, p, tool } from "toolwright";
import { cutOff } from "../support/cut-off-store.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35, found in review: a stored approval's checks (hash, binding, schema version, schema) covered its requested
// arguments but not a human's edit (`editedArgs`, written with the decision), which runs instead of them. So an edit
// changed in the store after the decision ran as it stood when a replica took the run over (arguments the schema
// refuses, or arguments nobody approved); and an `editedArgs` field written into a pending record ran when another
// replica approved the call without an edit, although the human approved the arguments shown. A stored edit must
// pass the same checks as the requested arguments, and a pending record carries none.

const runs: { role: string; name: unknown }[] = [];
const hang = new Promise<never>(() => undefined);
const roles = new WeakMap<BaseAgent, string>();

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Pay", params: { name: p.string() }, requiresApproval: true })
  async pay({ name }: { name: string }, _context: ToolCallContext) {
    const role = roles.get(this) ?? "?";
    runs.push({ role, name });
    if (role === "runner") await hang; // dies mid-run
    return `${String(name)} by ${role}`;
  }
}

const SCOPE = "s//ops";
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

function replicas() {
  let ahead = 0;
  const store = new MemoryStore({ now: () => Date.now() + ahead });
  const runnerView = cutOff(store);
  const make = (role: string, own: RuntimeStore) => {
    const agent = new Ops({ registry: new ToolRegistry({ scope: "s" }), store: own, leaseMs: 30_000 });
    roles.set(agent, role);
    return agent;
  };
  return {
    store,
    requester: make("requester", store),
    runner: make("runner", runnerView.store),
    sweeper: make("sweeper", store),
    cut: runnerView.cut,
    storeClockAhead: (ms: number) => (ahead = ms),
  };
}

// The runner approves with an edit and dies mid-run; the edit is then changed in the store; a sweeper takes over.
async function takeOverAfter(patch: Record<string, unknown>) {
  const { store, requester, runner, sweeper, cut, storeClockAhead } = replicas();
  const pending = await requester.callTool("pay", { name: "a" });
  void runner.approvals.approve(pending.approvalId!, { args: { name: "b" } });
  while (runs.length === 0) await tick();
  cut();
  const written = await tamperRecord(store, "approval", SCOPE, pending.approvalId!, patch);
  expect(written).toMatchObject({ status: "approved", editedArgs: { name: "b" }, ...patch });
  storeClockAhead(45_000);
  expect(await sweeper.approvals.sweep()).toBe(1);
  let record = await store.get("approval", SCOPE, pending.approvalId!);
  while (record?.result === undefined) {
    await tick();
    record = await store.get("approval", SCOPE, pending.approvalId!);
  }
  return record;
}

beforeEach(() => (runs.length = 0));

describe("a pending record with an edit no decision made (issue 35)", () => {
  it("is refused by a replica that approves it: the arguments shown are the only ones that may run", async () => {
    const { store, requester, sweeper: approver } = replicas();
    const pending = await requester.callTool("pay", { name: "a" });
    await tamperRecord(store, "approval", SCOPE, pending.approvalId!, { editedArgs: { name: "evil" } });
    const result = await approver.approvals.approve(pending.approvalId!);
    expect(runs).toEqual([]);
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
  });
});

describe("a taken-over approved run checks the human's stored edit (issue 35)", () => {
  it("runs nothing when the stored edit no longer passes the tool's schema", async () => {
    const record = await takeOverAfter({ editedArgs: { name: 5 } });
    expect(runs).toEqual([{ role: "runner", name: "b" }]);
    expect(record).toMatchObject({ status: "rejected", result: { ok: false, error: { code: "APPROVAL_MISMATCH" } } });
  });

  it("runs nothing when the stored edit is not the one the human approved", async () => {
    const record = await takeOverAfter({ editedArgs: { name: "evil" } });
    expect(runs).toEqual([{ role: "runner", name: "b" }]);
    expect(record).toMatchObject({ status: "rejected", result: { ok: false, error: { code: "APPROVAL_MISMATCH" } } });
  });

  it("runs an untouched edit again, as approved", async () => {
    const record = await takeOverAfter({});
    expect(runs).toEqual([
      { role: "runner", name: "b" },
      { role: "sweeper", name: "b" },
    ]);
    expect(record).toMatchObject({ status: "done", result: { ok: true, content: "b by sweeper" } });
  });
});
