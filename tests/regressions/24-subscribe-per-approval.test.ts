import { BaseAgent, MemoryStore, ToolRegistry, p, tool } from "toolwright";

// Issue 24, the Redis bench: a process that requested and approved calls one after another subscribed to its scope's
// notices before every request and unsubscribed after every decision (on Redis an awaited SUBSCRIBE round trip and
// an UNSUBSCRIBE per approval, 5 commands where 3 do). The subscription now outlives the last wait for a while.

class WatchCountingStore extends MemoryStore {
  watches = 0;
  override async watch(...args: Parameters<MemoryStore["watch"]>) {
    this.watches += 1;
    return super.watch(...args);
  }
}

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove", params: { n: p.integer() }, requiresApproval: true })
  remove({ n }: { n: number }) {
    return n;
  }
}

it("subscribes once for approvals requested and decided one after another", async () => {
  const store = new WatchCountingStore();
  const agent = new Ops({ registry: new ToolRegistry(), store });
  for (let n = 0; n < 5; n += 1) {
    const pending = await agent.callTool("remove", { n });
    expect(await agent.approvals.approve(pending.approvalId!)).toMatchObject({ ok: true, content: n });
  }
  expect(store.watches).toBe(1);
});
