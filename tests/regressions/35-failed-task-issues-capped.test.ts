import { BaseAgent, MemoryStore, ToolRegistry, p, tool } from "toolwright";

// Issue 35, found in review: a task's final result is capped before it is written to a shared store, but a failure
// was capped by cutting its message alone. A failure's `error.issues` (one per failing value) can outgrow any budget
// on its own: a background task whose value broke its `returns` schema in 20,000 places wrote a 1.28 MB result to
// the store, 25 times the 50,000-character cap. The stored failure must fit the budget too, keeping its code and
// the first issues; the replica that ran the task still answers its own waiters with every issue.

class Jobs extends BaseAgent {
  static override agentName = "jobs";
  @tool({ description: "List", params: {}, returns: p.array(p.string()), timeoutMs: 1, onTimeout: "background" })
  async list() {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return Array.from({ length: 20_000 }, (_, i) => i) as unknown as string[];
  }
}

describe("a failed background task with many issues, on a shared store (issue 35)", () => {
  it("is stored within the result's budget, keeping its code and its first issues", async () => {
    const store = new MemoryStore();
    const options = { store, sweepIntervalMs: false as const };
    const runner = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const reader = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const started = await runner.callTool("list", {});
    expect(started.outcome).toBe("backgrounded");
    const own = await runner.tasks.wait(started.taskId!);
    expect(own).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(own.error?.issues).toHaveLength(20_000);

    const stored = await reader.tasks.wait(started.taskId!);
    expect(stored).toMatchObject({ ok: false, outcome: "failed", error: { code: "INVALID_RESULT" } });
    expect(stored.error?.issues?.[0]).toEqual(own.error?.issues?.[0]);
    const record = await store.get("task", "t//jobs", started.taskId!);
    expect(JSON.stringify(record).length).toBeLessThan(55_000);
  });
});
