import { BaseAgent, MemoryStore, type RuntimeStore, type StoredRecord, p, tool } from "toolwright";

// Issue 38: a call's use of a grant is a read on the store at the moment its handler is about to run, and the store
// orders it against the revocation. Here the store answers a read it applied before the deletion only after `revoke`
// resolved (two answers of one connection can reach the process in one turn, in either order of their callbacks):
// the call must ask again, not start its handler after the revocation was written. Before, only a macrotask wait in
// `revoke` kept this order, and only for answers that reached the call within that turn.

/** A store whose grant reads are applied at once but answered only when the test says so. */
function heldReads(inner: RuntimeStore) {
  const held: (() => void)[] = [];
  let readHeld: () => void = () => undefined;
  let holding = false;
  const store: RuntimeStore = {
    description: inner.description,
    create: (...args) => inner.create(...args),
    transition: (...args) => inner.transition(...args),
    list: (...args) => inner.list(...args),
    delete: (...args) => inner.delete(...args),
    get(kind, scope, id) {
      const read = inner.get(kind, scope, id);
      if (kind !== "grant" || !holding) return read;
      return read.then(
        (record) =>
          new Promise<StoredRecord | undefined>((resolve) => {
            held.push(() => resolve(record));
            readHeld();
          }),
      );
    },
  };
  return {
    store,
    /** From now on, holds the answer of each grant read; resolves when the first one is held. */
    hold: () => {
      holding = true;
      return new Promise<void>((resolve) => (readHeld = resolve));
    },
    release: () => held.splice(0).forEach((answer) => answer()),
  };
}

const ran: string[] = [];
class Payments extends BaseAgent {
  static override agentName = "revoke_order_payments";
  @tool({ description: "Pay an invoice", params: { invoice: p.string() }, requiresApproval: true })
  pay({ invoice }: { invoice: string }) {
    ran.push(invoice);
    return `paid ${invoice}`;
  }
}

async function grantedAgent() {
  const reads = heldReads(new MemoryStore());
  const agent = new Payments({ store: reads.store });
  const asked = await agent.callTool("pay", { invoice: "first" }, { session: "s" });
  await agent.approvals.approve(asked.approvalId!, { remember: "session" });
  const [grant] = await agent.approvals.grants({ session: "s" });
  return { agent, reads, grant: grant! };
}

describe("a grant's use is ordered against its revocation by the store", () => {
  beforeEach(() => (ran.length = 0));

  it("asks again when the store's answer to the use arrives after revoke resolved", async () => {
    const { agent, reads, grant } = await grantedAgent();
    const readHeld = reads.hold();
    const call = agent.callTool("pay", { invoice: "raced" }, { session: "s" });
    await readHeld; // the store has read the grant (still kept) for this call; its answer is on its way
    expect(await agent.approvals.revoke(grant.id)).toBe(true);
    reads.release();
    const result = await call;
    expect(ran).toEqual(["first"]);
    expect(result).toMatchObject({ outcome: "awaiting_approval" });
    expect(result.grant).toBeUndefined();
  });

  it("runs under the grant when the answer arrives before the revocation is written", async () => {
    const { agent, reads, grant } = await grantedAgent();
    const readHeld = reads.hold();
    const call = agent.callTool("pay", { invoice: "in time" }, { session: "s" });
    await readHeld;
    reads.release();
    const result = await call;
    expect(result).toMatchObject({ ok: true, grant: { id: grant.id, level: "session" } });
    expect(await agent.approvals.revoke(grant.id)).toBe(true);
    expect((await agent.callTool("pay", { invoice: "after" }, { session: "s" })).outcome).toBe("awaiting_approval");
    expect(ran).toEqual(["first", "in time"]);
  });
});
