import {
  BaseAgent,
  MemoryStore,
  type RuntimeStore,
  type ScopedStore,
  type StoreKind,
  StoreUnavailableError,
  type TransitionGuard,
  ToolRegistry,
  ToolValidationError,
  type WriteOptions,
  p,
  tool,
} from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";

// Issue 40, item 11: `approve()` on a shared store decided in two writes (claim the record `approved` with a run
// lease, then write the edit, the mismatch refusal or the hand-back to `pending`). A store lost between the two left
// the record approved without its outcome; nobody renewed its lease, and once it ran out the requester took the
// "orphaned" run over: a lost edit ran the original arguments, a refused approval ran anyway, an edit the schema
// refused ran the original call. The decision is now one compare-and-set that carries its whole outcome.

jest.setTimeout(30_000);
const LEASE_MS = 150;
const server = useTestRedis();

/**
 * A store that loses every write that completes a decision after its claim: a write out of `approved` other than a
 * lease renewal, a take-over of a run whose lease ran out, or the run's final result. This is the outage between the two steps of the old `approve()`; a
 * decision written in one step makes no such write, so nothing is lost.
 */
class LosesDecisionFollowUps implements RuntimeStore, ScopedStore {
  readonly description: string;
  lost = 0;
  constructor(readonly inner: RuntimeStore & ScopedStore) {
    this.description = inner.description;
  }
  create: RuntimeStore["create"] = (...args) => this.inner.create(...args);
  get: RuntimeStore["get"] = (...args) => this.inner.get(...args);
  list: RuntimeStore["list"] = (...args) => this.inner.list(...args);
  delete: RuntimeStore["delete"] = (...args) => this.inner.delete(...args);
  createCapped: ScopedStore["createCapped"] = (...args) => this.inner.createCapped(...args);
  listPage: ScopedStore["listPage"] = (...args) => this.inner.listPage(...args);
  watch: ScopedStore["watch"] = (...args) => this.inner.watch(...args);
  async transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ) {
    const followUp =
      kind === "approval" &&
      guard.from.includes("approved") &&
      guard.leaseExpired !== true &&
      Object.keys(patch).length > 0 &&
      patch.status !== "done";
    if (followUp) {
      this.lost += 1;
      throw new StoreUnavailableError(this.description, `update approval ${id}`, new Error("connection reset"));
    }
    return this.inner.transition(kind, scope, id, guard, patch, options);
  }
}

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Cancel", params: { order: p.string({ pattern: "^[A-Z]-[0-9]+$" }) }, requiresApproval: true })
  cancel({ order }: { order: string }) {
    ran.push(order);
    return `cancelled ${order}`;
  }
}

let prefixes = 0;
const backends: [string, () => RuntimeStore & ScopedStore][] = [
  ["memory", () => new MemoryStore()],
  ["redis", () => new RedisStore({ client: server.client, prefix: `decide${(prefixes += 1)}` })],
];

function replicas(inner: RuntimeStore & ScopedStore) {
  const store = new LosesDecisionFollowUps(inner);
  const options = { store, leaseMs: LEASE_MS, storePollMs: 20 };
  const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), ...options });
  const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), ...options });
  return { requester, approver, store };
}

// Long enough for any run lease the decision left behind to run out, then a sweep of both replicas: an orphaned run
// is taken over (and, on the old code, runs) here.
async function afterTheLease(...agents: BaseAgent[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 4));
  await Promise.all(agents.map((agent) => agent.approvals.sweep()));
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
}

describe.each(backends)("a decision is one write (issue 40, %s store)", (_name, backend) => {
  beforeEach(() => {
    ran.length = 0;
  });

  it("runs an approved edit, never the original arguments", async () => {
    const { requester, approver, store } = replicas(backend());
    const { approvalId } = await requester.callTool("cancel", { order: "B-7" });
    const result = await approver.approvals.approve(approvalId!, { args: { order: "B-8" } }).catch((e: Error) => e);
    await afterTheLease(requester, approver);
    // The old code: the edit was lost, the approval failed, and the original arguments ran after the lease.
    expect(ran).toEqual(["B-8"]);
    expect(result).toMatchObject({ ok: true, content: "cancelled B-8", approval: { editedArgs: { order: "B-8" } } });
    expect(store.lost).toBe(0);
  });

  it("runs nothing for an approval refused as a mismatch", async () => {
    const { requester, approver, store } = replicas(backend());
    const { approvalId } = await requester.callTool("cancel", { order: "B-7" });
    const result = await approver.approvals.approve(approvalId!, { expectedArgs: { order: "B-9" } });
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
    await afterTheLease(requester, approver);
    // The old code: the refusal was never stored, and the call ran after the lease.
    expect(ran).toEqual([]);
    expect(store.lost).toBe(0);
    expect(await requester.approvals.forCall("cancel", result.callId)).toEqual({ status: "decided" });
  });

  it("runs nothing for an edit the schema refuses, and leaves the call pending", async () => {
    const { requester, approver, store } = replicas(backend());
    const { approvalId } = await requester.callTool("cancel", { order: "B-7" });
    const refused = await approver.approvals.approve(approvalId!, { args: { order: "all" } }).catch((e: Error) => e);
    await afterTheLease(requester, approver);
    // The old code: handing the call back to pending was lost, and the original call ran after the lease.
    expect(ran).toEqual([]);
    expect(refused).toBeInstanceOf(ToolValidationError);
    expect(store.lost).toBe(0);
    expect((await approver.approvals.list()).map((pending) => pending.id)).toEqual([approvalId]);
  });

  it("decides the requester's own call in one write too", async () => {
    const { requester, store } = replicas(backend());
    const { approvalId } = await requester.callTool("cancel", { order: "B-7" });
    const result = await requester.approvals.approve(approvalId!, { args: { order: "B-8" } }).catch((e: Error) => e);
    await afterTheLease(requester);
    expect(ran).toEqual(["B-8"]);
    expect(result).toMatchObject({ ok: true, content: "cancelled B-8" });
    expect(store.lost).toBe(0);
  });
});
