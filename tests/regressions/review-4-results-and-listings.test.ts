import { BaseAgent, ErrorCode, ToolNotFoundError, ToolRegistry, p, renderToolResult, tool } from "toolwright";
import type { ToolResult } from "toolwright";

// Found by a review of the merged tree: a handler's half-formed ToolResult went through unchecked, and the
// registry's not-found message listed tools the caller may not use.

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

describe("renderToolResult on something that is not a result", () => {
  it("names the tool generically without doubling the word", () => {
    const text = renderToolResult({} as ToolResult);
    expect(text).toMatch(/^Error \(INVALID_RESULT\): The tool returned a result/);
  });
});

describe("registry.dispatch of an unknown tool", () => {
  const registry = () => {
    const r = new ToolRegistry();
    r.register("secret", () => 1, { description: "Admin only", allowedAgents: ["admin"] });
    r.register("none", () => 1, { description: "Nobody", allowedAgents: [] });
    r.register("open", () => 1, { description: "Everyone" });
    return r;
  };

  it("lists only the tools the named caller may use", async () => {
    const error = await registry()
      .dispatch("nope", {}, { agent: "user" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolNotFoundError);
    expect((error as ToolNotFoundError).message).toContain("open");
    expect((error as ToolNotFoundError).message).not.toMatch(/secret|none/);
  });

  it("lists only the tools open to every agent when no agent is named", async () => {
    const error = await registry()
      .dispatch("nope", {})
      .catch((e: unknown) => e);
    expect((error as ToolNotFoundError).message).not.toMatch(/secret|none/);
  });
});
