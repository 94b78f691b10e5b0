import { BaseAgent, ErrorCode, ToolRegistry, p, tool } from "toolwright";

// Found by a review of the merged tree: a handler's half-formed ToolResult went through unchecked.

const returned: Record<string, unknown> = {
  noError: { ok: false, outcome: "failed" },
  bigint: { ok: true, outcome: "success", content: 10n },
  noTask: { ok: false, outcome: "backgrounded", error: { code: "TIMEOUT", message: "m" } },
  contradiction: { ok: true, outcome: "failed" },
  badError: { ok: false, outcome: "failed", error: { code: 5, message: { a: 1 } } },
};

class Echo extends BaseAgent {
  static override agentName = "echo";
  @tool({ description: "Returns a prepared value", params: { key: p.string() } })
  give({ key }: { key: string }) {
    return key === "good" ? ({ ok: true, outcome: "success", content: "fine" } as const) : returned[key];
  }
}

describe("a ToolResult returned by a handler", () => {
  it.each(Object.keys(returned))("becomes INVALID_RESULT when it is malformed (%s)", async (key) => {
    const result = await new Echo({ registry: new ToolRegistry() }).callTool("give", { key });
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: ErrorCode.InvalidResult } });
    expect(() => JSON.stringify(result)).not.toThrow();
    if (!result.ok) expect(typeof result.error.message).toBe("string");
  });

  it("passes through as it is when well-formed, stamped with the call's tool name and id", async () => {
    const result = await new Echo({ registry: new ToolRegistry() }).callTool("give", { key: "good" }, { callId: "c1" });
    expect(result).toEqual({ ok: true, outcome: "success", content: "fine", toolName: "give", callId: "c1" });
  });
});
