import { BaseAgent, ErrorCode, ToolRegistry, currentToolCall, tool } from "toolwright";

// Findings of the issue-8 review, each pinned by a behaviour a user relies on.

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
