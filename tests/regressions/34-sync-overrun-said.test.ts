import { BaseAgent, type ToolResult, ToolRegistry, p, tool } from "toolwright";

// Issue 34: a synchronous handler that ran past its time limit (a CPU-bound loop with timeoutMs: 100 that took 1.5 s)
// answered `success` late, as if no limit was set, and nothing told the app. It still answers its result (a limit
// cannot stop work that never yields), now marked `overran`, on the `after` event too, with one warning per tool.

function busy(ms: number): number {
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins += 1;
  return spins;
}

class Cruncher extends BaseAgent {
  @tool({ description: "Crunch", params: { ms: p.integer() }, timeoutMs: 40 })
  crunch({ ms }: { ms: number }) {
    busy(ms);
    return "done";
  }

  @tool({ description: "Crunch too", params: {}, timeoutMs: 40 })
  other() {
    busy(80);
    return "done";
  }
}

describe("issue 34: a synchronous handler past its time limit is said", () => {
  let warnings: { text: string; code: unknown }[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    warnings = [];
    spy = jest.spyOn(process, "emitWarning").mockImplementation(((text: string, options?: { code?: string }) => {
      warnings.push({ text, code: options?.code });
    }) as never);
  });
  afterEach(() => spy.mockRestore());

  it("marks the result and the after event with overran, and warns once per tool naming it", async () => {
    const agent = new Cruncher({ registry: new ToolRegistry() });
    const after: ToolResult[] = [];
    agent.on("after", ({ result }) => void (result && after.push(result)));

    const first = await agent.callTool("crunch", { ms: 120 });
    expect(first).toMatchObject({ ok: true, outcome: "success", content: "done" });
    expect(first.overran).toEqual({ limitMs: 40, tookMs: expect.any(Number) });
    expect(first.overran!.tookMs).toBeGreaterThanOrEqual(120);
    expect(after[0]!.overran).toEqual(first.overran);

    await agent.callTool("crunch", { ms: 100 });
    await agent.callTool("other", {});
    const overruns = warnings.filter((w) => w.code === "TOOLWRIGHT_SYNC_OVERRUN");
    expect(overruns.map((w) => /^tool "(\w+)"/.exec(w.text)?.[1])).toEqual(["crunch", "other"]);
    expect(overruns[0]!.text).toMatch(
      /^tool "crunch": its handler ran synchronously for \d+ ms, past its time limit of 40 ms, blocking the event loop meanwhile;/,
    );
  });

  it("leaves a handler within its limit unmarked", async () => {
    const agent = new Cruncher({ registry: new ToolRegistry() });
    const result = await agent.callTool("crunch", { ms: 0 });
    expect(result.overran).toBeUndefined();
    expect(warnings.filter((w) => w.code === "TOOLWRIGHT_SYNC_OVERRUN")).toEqual([]);
  });
});
