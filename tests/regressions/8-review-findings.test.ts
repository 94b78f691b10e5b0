import { getEventListeners } from "node:events";
import { BaseAgent, ErrorCode, ToolDefinitionError, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import { collectUntil } from "./collect-until.js";

// Findings of the issue-8 review, each pinned by a behaviour a user relies on.

describe("nested defaults", () => {
  it("fills a .default() declared inside a nested p.object() when the model leaves the key out", async () => {
    class Planner extends BaseAgent {
      static override agentName = "planner";
      @tool({
        description: "Plan a trip",
        params: {
          trip: p.object({ city: p.string(), nights: p.integer({ minimum: 1 }).default(2) }),
          legs: p.array(p.object({ mode: p.enum(["train", "bus"]).default("train") })),
        },
      })
      plan(args: { trip: { city: string; nights: number }; legs: { mode: "train" | "bus" }[] }) {
        return args;
      }
    }
    const result = await new Planner({ registry: new ToolRegistry() }).callTool("plan", {
      trip: { city: "Lyon" },
      legs: [{}, { mode: "bus" }],
    });
    expect(result.content).toEqual({ trip: { city: "Lyon", nights: 2 }, legs: [{ mode: "train" }, { mode: "bus" }] });
  });
});

describe("caller signals", () => {
  it("leaves no abort listener on a long-lived signal once calls of every kind have settled", async () => {
    jest.useFakeTimers();
    try {
      class Worker extends BaseAgent {
        static override agentName = "worker";
        @tool({ description: "Serial", params: { x: p.integer() } })
        async serial({ x }: { x: number }) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return x;
        }
        @tool({ description: "Times out", params: { x: p.integer() }, timeoutMs: 1 })
        async late({ x }: { x: number }) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return x;
        }
        @tool({ description: "Background", params: {}, timeoutMs: 1, onTimeout: "background" })
        async background() {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return "done";
        }
        @tool({ description: "Retried", params: {}, maxRetries: 2 })
        failing(): never {
          throw new Error("always");
        }
      }
      const agent = new Worker({ registry: new ToolRegistry(), retryBackoffMs: 1 });
      const { signal } = new AbortController();
      const calls = [
        ...["serial", "serial", "late", "background", "failing"].map((name) =>
          agent.callTool(name, name === "serial" || name === "late" ? { x: 1 } : {}, { signal }),
        ),
        agent.runToolCalls(
          [
            { name: "serial", arguments: { x: 2 } },
            { name: "late", arguments: { x: 3 } },
          ],
          { signal },
        ),
      ];
      await jest.advanceTimersByTimeAsync(100);
      await Promise.all(calls);
      expect(getEventListeners(signal, "abort")).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("agent names", () => {
  it("frees an agent name for another class once every agent holding it is garbage-collected", async () => {
    class First extends BaseAgent {
      @tool({ description: "One" })
      one() {
        return 1;
      }
    }
    class Second extends BaseAgent {
      @tool({ description: "Two" })
      two() {
        return 2;
      }
    }
    const registry = new ToolRegistry();
    (() => {
      new First({ name: "shared_name", registry });
    })();
    const second = () => new Second({ name: "shared_name", registry });
    expect(second).toThrow(ToolDefinitionError); // the name is held while a First agent lives

    const claimed = await collectUntil(() => {
      try {
        const names = second()
          .toolSpecs()
          .map((spec) => spec.name);
        return names.length === 1 && names[0] === "two";
      } catch (error) {
        if (!(error instanceof ToolDefinitionError)) throw error;
        return false;
      }
    });
    if (claimed) return;
    throw new Error("the registry kept the name of garbage-collected agents");
  });
});

describe("own tools outside allowedAgents", () => {
  it("answers denied with PERMISSION_DENIED, not not_found, like a shared tool", async () => {
    class Guarded extends BaseAgent {
      static override agentName = "guarded";
      @tool({ description: "Admin only", allowedAgents: ["admin"] })
      wipe() {
        return "wiped";
      }
    }
    const result = await new Guarded({ registry: new ToolRegistry() }).callTool("wipe", {});
    expect(result).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.PermissionDenied } });
    const unknown = await new Guarded({ registry: new ToolRegistry() }).callTool("nothing_here", {});
    expect(unknown.outcome).toBe("not_found");
  });
});

describe("an abort during a synchronous handler", () => {
  it("cancels the call and aborts the handler's signal, even though it fired before the call could listen", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    class Sync extends BaseAgent {
      static override agentName = "sync";
      @tool({ description: "Aborts its own caller", timeoutMs: 1_000 })
      run() {
        seen = currentToolCall().signal;
        controller.abort("the user pressed stop");
        return "finished anyway";
      }
    }
    const result = await new Sync({ registry: new ToolRegistry() }).callTool("run", {}, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, outcome: "cancelled", error: { code: ErrorCode.Cancelled } });
    expect(seen?.aborted).toBe(true);
  });
});
