import { BaseAgent, ErrorCode, ToolRegistry, p, renderToolResult, tool } from "toolwright";
import { successResult, failureResult } from "../../src/tool/tool-result.js";

function agentWith(handler: () => unknown, flags: { timeoutMs?: number; maxRetries?: number } = {}) {
  const registry = new ToolRegistry();
  registry.register("produce", handler, { description: "Produce a value", ...flags });
  class Producer extends BaseAgent {}
  return new Producer({ registry });
}

const cycle = () => {
  const node: Record<string, unknown> = { name: "loop" };
  node.self = node;
  return node;
};

describe("results", () => {
  it.each([
    ["a BigInt", () => 10n, "a BigInt"],
    ["a function", () => () => 1, "a function"],
    ["a cycle", cycle, "a value JSON cannot encode"],
    ["a symbol", () => Symbol("s"), "a symbol"],
  ])("fails with INVALID_RESULT instead of crashing when the handler returns %s", async (_label, handler, text) => {
    for (const flags of [{}, { timeoutMs: 1_000 }, { maxRetries: 1 }]) {
      const result = await agentWith(handler, flags).callTool("produce", {});
      expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: ErrorCode.InvalidResult } });
      expect(result.error?.message).toContain(text);
    }
  });

  it("tells the model in words that the tool returned nothing when the handler returns undefined", async () => {
    for (const flags of [{}, { timeoutMs: 1_000 }]) {
      const result = await agentWith(async () => undefined, flags).callTool("produce", {});
      expect(result).toMatchObject({ ok: true, content: undefined });
      expect(renderToolResult(result)).toBe('Tool "produce" ran and returned no result.');
    }
  });

  it("keeps null as the data it is when the handler returns null", async () => {
    const result = await agentWith(async () => null, {}).callTool("produce", {});
    expect(result).toMatchObject({ ok: true, content: null });
    expect(renderToolResult(result)).toBe("null");
  });

  it("renders a string as it is, other content as JSON and a failure as its code and message", () => {
    expect(renderToolResult(successResult("t", "c", "plain text"))).toBe("plain text");
    expect(renderToolResult(successResult("t", "c", { a: [1, 2] }))).toBe('{"a":[1,2]}');
    expect(
      renderToolResult(
        failureResult("t", "c", "rejected", { code: ErrorCode.ApprovalRejected, message: "No: risky." }),
      ),
    ).toBe("Error (APPROVAL_REJECTED): No: risky.");
  });

  it("treats an optional field sent as null as absent when its schema does not allow null", async () => {
    class Search extends BaseAgent {
      @tool({
        description: "Search",
        params: {
          query: p.string(),
          limit: p.integer().default(10).optional(),
          cursor: p.nullable(p.string()).optional(),
        },
      })
      search(args: { query: string; limit?: number; cursor?: string | null }) {
        return args;
      }
    }
    const agent = new Search({ registry: new ToolRegistry() });
    const result = await agent.callTool("search", '{"query":"x","limit":null,"cursor":null}');
    expect(result).toMatchObject({ ok: true, content: { query: "x", limit: 10, cursor: null } });
  });

  it("keeps __proto__ as an own field and never as the prototype when the model sends one", async () => {
    const registry = new ToolRegistry();
    registry.register("open", (args: Record<string, unknown>) => ({ isAdmin: args.isAdmin ?? null }), {
      description: "Open",
      inputSchema: { type: "object", properties: { path: { type: "string" } } },
    });
    class Opener extends BaseAgent {}
    const result = await new Opener({ registry }).callTool("open", '{"path":"x","__proto__":{"isAdmin":true}}');
    expect(result).toMatchObject({ ok: true, content: { isAdmin: null } });
  });
});
