import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

// A browser, Deno and workerd answer setTimeout and setInterval with a number, which has no `unref`. Since issue 35
// an agent without a `store` keeps its approvals and tasks in a MemoryStore of its own, whose keepers start timers
// (a task's lease renewal, its retention, a waiter's recheck): `timer.unref()` threw there, so a background task or an
// approval failed on every runtime but Node and Bun.
describe("an agent's approvals and tasks where timers are numbers (issue 35)", () => {
  const real = { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval };
  const started: string[] = [];
  const ids: number[] = [];

  beforeEach(() => {
    const numbered =
      (name: "setTimeout" | "setInterval") =>
      (...args: Parameters<typeof setTimeout>) => {
        started.push(name);
        const timer = real[name](...args);
        const id = Number(timer[Symbol.toPrimitive]());
        ids.push(id);
        return id;
      };
    Object.assign(globalThis, { setTimeout: numbered("setTimeout"), setInterval: numbered("setInterval") });
  });
  afterEach(() => {
    Object.assign(globalThis, real);
    // Node clears a timer by its number too: nothing this test started outlives it.
    for (const id of ids) clearTimeout(id);
  });

  class Ops extends BaseAgent {
    @tool({ description: "Wipes a disk", params: { disk: p.string() }, requiresApproval: true })
    wipe({ disk }: { disk: string }) {
      return `wiped ${disk}`;
    }

    @tool({ description: "Builds a report", params: { topic: p.string() }, timeoutMs: 1, onTimeout: "background" })
    async report({ topic }: { topic: string }) {
      await new Promise((resolve) => real.setTimeout(resolve, 20));
      return `report on ${topic}`;
    }
  }

  it("approves a call and runs a background task to its end", async () => {
    const agent = new Ops({ registry: new ToolRegistry() });
    const pending = await agent.callTool("wipe", { disk: "d1" });
    expect(await agent.approvals.approve(pending.approvalId!)).toMatchObject({ ok: true, content: "wiped d1" });

    const handed = await agent.callTool("report", { topic: "sales" });
    expect(handed).toMatchObject({ outcome: "backgrounded" });
    expect(await agent.tasks.wait(handed.taskId!)).toMatchObject({ ok: true, content: "report on sales" });
    // The task's timers ran through the numbered functions: the test exercised what it claims to.
    expect(started).toContain("setInterval");
  });
});
