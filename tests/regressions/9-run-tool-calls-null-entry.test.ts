import { BaseAgent, ErrorCode, ToolRegistry } from "toolwright";
import type { ToolCall } from "toolwright";

describe("runToolCalls with an entry that is not a call", () => {
  it("answers that entry with an invalid-call result and runs the others", async () => {
    const registry = new ToolRegistry();
    registry.register("ping", () => "pong", { description: "Ping" });
    class Pinger extends BaseAgent {}
    const agent = new Pinger({ registry });
    const results = await agent.runToolCalls([null, { id: "c2", name: "ping" }, 7] as unknown as ToolCall[]);
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({
      ok: false,
      outcome: "invalid_arguments",
      error: { code: ErrorCode.InvalidArguments },
    });
    expect(results[0]?.error?.message).toMatch(/not a tool call.*got null/);
    expect(results[1]).toMatchObject({ ok: true, callId: "c2", content: "pong" });
    expect(results[2]?.outcome).toBe("invalid_arguments");
  });
});
