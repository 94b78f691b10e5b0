import { getEventListeners } from "node:events";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

// Findings of the issue-8 review, each pinned by a behaviour a user relies on.

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
