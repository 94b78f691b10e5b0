// An agent with a store keeps its sessions there (issue 38): two agents on one MemoryStore and scope (replicas of one
// process's store) share the untrusted mark and the repeat streak; another scope shares neither.
import { BaseAgent, MemoryStore, type StoreKind, ToolRegistry, p, tool } from "toolwright";

class Desk extends BaseAgent {
  static override agentName = "store_desk";

  @tool({ description: "Read a page", params: { url: p.string() }, openWorld: true, readOnly: true, repeat: false })
  page({ url }: { url: string }) {
    return `page ${url}`;
  }

  @tool({ description: "Wipe", params: { disk: p.string() }, destructive: true, repeat: { nudgeAt: 2, refuseAt: 3 } })
  wipe({ disk }: { disk: string }) {
    return `wiped ${disk}`;
  }
}

describe("sessions on the agent's store (issue 38)", () => {
  it("shares the untrusted mark and the streak between agents of one store and scope, not with another scope", async () => {
    const store = new MemoryStore();
    const replica = (scope: string) =>
      new Desk({ registry: new ToolRegistry({ scope }), store, afterUntrustedOutput: "refuse" });
    const a = replica("tenant");
    const b = replica("tenant");
    const other = replica("another");

    expect((await b.callTool("wipe", { disk: "a" }, { session: "s" })).outcome).toBe("success");
    expect((await a.callTool("wipe", { disk: "a" }, { session: "s" })).notice).toMatch(/call 2 in a row/);
    await a.callTool("page", { url: "u" }, { session: "s" });
    const refused = await b.callTool("wipe", { disk: "b" }, { session: "s" });
    expect(refused).toMatchObject({ outcome: "rejected", error: { code: "APPROVAL_REJECTED" } });
    expect(refused.error?.message).toMatch(/untrusted output \(from "page"\)/);
    expect((await other.callTool("wipe", { disk: "b" }, { session: "s" })).outcome).toBe("success");
  });

  it("counts a thousand identical calls of one session at once: each counted, none failed by a lost race", async () => {
    const agent = new Desk({ registry: new ToolRegistry({ scope: "tenant" }), store: new MemoryStore() });
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        agent.callTool("wipe", { disk: "a" }, { session: "burst", callId: `c${i}` }),
      ),
    );
    // refuseAt 3: the first two run, every later one is refused as a repeat; before the session's changes were
    // queued, most of them lost twenty compare-and-sets in a row and came back TOOL_FAILED.
    expect(results.filter((r) => r.outcome === "success")).toHaveLength(2);
    expect(results.filter((r) => r.error?.code === "REPEATED_CALL")).toHaveLength(998);
  });

  it("writes a burst of one session's calls in a few batches, not a write per call", async () => {
    const store = new SessionWritesCounted();
    const agent = new Desk({ registry: new ToolRegistry({ scope: "tenant" }), store });
    const results = await Promise.all(
      Array.from({ length: 1_000 }, () => agent.callTool("wipe", { disk: "a" }, { session: "burst" })),
    );
    expect(results.filter((r) => r.outcome === "success")).toHaveLength(2);
    expect((await store.session("burst"))?.streak).toBe(1_000);
    // Every call changes the streak, yet the calls queued behind the one being written go as one batch: a handful of
    // writes (1,000 when each call was its own compare-and-set).
    expect(store.sessionWrites).toBeLessThanOrEqual(10);
  });

  it("counts every call of two processes' racing bursts of one session exactly once", async () => {
    const store = new SessionWritesCounted();
    const replica = () => new Desk({ registry: new ToolRegistry({ scope: "tenant" }), store });
    const [a, b] = [replica(), replica()];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).callTool("wipe", { disk: "a" }, { session: "race" })),
    );
    // refuseAt 3 over 200 identical calls from two writers whose batches race: two run, 198 are refused, and the
    // record counts all 200.
    expect(results.filter((r) => r.outcome === "success")).toHaveLength(2);
    expect(results.filter((r) => r.error?.code === "REPEATED_CALL")).toHaveLength(198);
    expect((await store.session("race"))?.streak).toBe(200);
  });
});

// A MemoryStore that counts the writes of session records, and reads a session back under the scope they used.
class SessionWritesCounted extends MemoryStore {
  sessionWrites = 0;
  #scope = "";
  override create(...args: Parameters<MemoryStore["create"]>) {
    if (args[0] === "session") this.#scope = args[1].scope;
    this.#count(args[0]);
    return super.create(...args);
  }
  override transition(...args: Parameters<MemoryStore["transition"]>) {
    this.#count(args[0]);
    return super.transition(...args);
  }
  session(id: string) {
    return this.get("session", this.#scope, id);
  }
  #count(kind: StoreKind) {
    if (kind === "session") this.sessionWrites += 1;
  }
}
