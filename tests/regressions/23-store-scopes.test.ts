import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, type ToolResult, p, tool } from "toolwright";

// Issue 23: a store keyed approvals and background tasks by agent name only. Two tenants (a registry each) whose
// agents shared a name and a store saw each other's pending calls and arguments, tenant B's approve() ran tenant A's
// request through B's handler, and `tasks` / `task_status` read every tenant's results. Per-user agents in one
// registry behaved the same.

function agentClass() {
  return class Ops extends BaseAgent {
    static override agentName = "ops";
    readonly ran: unknown[] = [];
    @tool({ description: "Remove", params: { name: p.string() }, requiresApproval: true })
    remove({ name }: { name: string }) {
      this.ran.push(name);
      return `removed ${name}`;
    }
    @tool({ description: "Slow", params: {}, timeoutMs: 20, onTimeout: "background" })
    async slow() {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return "secret result";
    }
  };
}

async function pendingId(result: ToolResult): Promise<string> {
  expect(result.outcome).toBe("awaiting_approval");
  return result.approvalId!;
}

function tenants(store: RuntimeStore, scopeA: string | undefined, scopeB: string | undefined) {
  const Ops = agentClass();
  const a = new Ops({ registry: new ToolRegistry(scopeA ? { scope: scopeA } : {}), store, exposeTaskStatusTool: true });
  const b = new Ops({ registry: new ToolRegistry(scopeB ? { scope: scopeB } : {}), store, exposeTaskStatusTool: true });
  return { a, b };
}

describe("store scopes (issue 23)", () => {
  it.each([
    ["explicit tenant scopes", "tenant-a", "tenant-b"],
    ["registries without a scope", undefined, undefined],
  ])("keeps two tenants' approvals apart on one store with %s", async (_name, scopeA, scopeB) => {
    const { a, b } = tenants(new MemoryStore(), scopeA, scopeB);
    const id = await pendingId(await a.callTool("remove", { name: "B-7" }));

    expect(await b.approvals.list()).toEqual([]);
    await expect(b.approvals.approve(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    await expect(b.approvals.reject(id, "no")).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(b.ran).toEqual([]);

    expect((await a.approvals.list()).map((x) => x.id)).toEqual([id]);
    expect(await a.approvals.approve(id)).toMatchObject({ ok: true, content: "removed B-7" });
    expect(a.ran).toEqual(["B-7"]);
  });

  it("keeps two tenants' background tasks apart, through tasks and task_status", async () => {
    const { a, b } = tenants(new MemoryStore(), "tenant-a", "tenant-b");
    const handed = await a.callTool("slow", {});
    expect(handed.outcome).toBe("backgrounded");
    const taskId = handed.taskId!;

    expect(await b.tasks.fetch(taskId)).toBeUndefined();
    expect(await b.tasks.fetchAll()).toEqual([]);
    const status = await b.callTool("task_status", { taskId });
    expect(status.ok).toBe(false);
    expect(JSON.stringify(status)).toMatch(/no background task has id/);
    expect(JSON.stringify(status)).not.toContain('"running"');

    expect(await a.tasks.wait(taskId)).toMatchObject({ ok: true, content: "secret result" });
    const own = await a.callTool("task_status", { taskId });
    expect(JSON.stringify(own)).toContain("secret result");
    expect(JSON.stringify(await b.callTool("task_status", { taskId }))).not.toContain("secret result");
  });

  it("shares records between replicas that give their registries the same scope", async () => {
    const { a, b } = tenants(new MemoryStore(), "tenant-a", "tenant-a");
    const id = await pendingId(await a.callTool("remove", { name: "B-7" }));
    expect((await b.approvals.list()).map((x) => x.id)).toEqual([id]);
    expect(await b.approvals.approve(id)).toMatchObject({ ok: true });
    expect(b.ran).toEqual(["B-7"]);
  });

  it("keeps per-user agents of one registry apart with the agent's scope option", async () => {
    const store = new MemoryStore();
    const registry = new ToolRegistry({ scope: "tenant-a" });
    const Ops = agentClass();
    const alice = new Ops({ registry, store, scope: "user:alice" });
    const bob = new Ops({ registry, store, scope: "user:bob" });
    const id = await pendingId(await alice.callTool("remove", { name: "alice-file" }));

    expect(await bob.approvals.list()).toEqual([]);
    await expect(bob.approvals.approve(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(bob.ran).toEqual([]);
    expect((await alice.approvals.list()).map((x) => x.id)).toEqual([id]);
  });

  it("refuses a scope that is not a non-empty string, at construction", () => {
    expect(() => new ToolRegistry({ scope: "" })).toThrow(/scope/);
    const Ops = agentClass();
    expect(
      () => new Ops({ registry: new ToolRegistry(), store: new MemoryStore(), scope: 7 as unknown as string }),
    ).toThrow(/scope/);
  });
});
