import {
  BaseAgent,
  ToolRegistry,
  createLoadedTools,
  p,
  toAnthropicTools,
  toGeminiTools,
  toMcpTools,
  toOpenAITools,
  tool,
} from "toolwright";
import { makeDeskAgent } from "../fixtures/providers/desk-agent.js";

// Issue 23: a tool_search query had no length or word limit (a 3.9 MB query over 2,000 tools blocked the event loop
// for 30 s), and a stored loaded-tools state that held a name twice listed the tool twice, after which every
// exporter threw for that conversation.

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe("tool_search query limits (issue 23)", () => {
  it("refuses a query over 1,000 characters with INVALID_ARGUMENTS on /query when a model sends a long text", async () => {
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const result = await agent.callTool(
      "tool_search",
      { query: "convert money ".repeat(400) },
      { loadedTools: loaded },
    );

    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe("INVALID_ARGUMENTS");
    expect(result.error?.issues?.map((issue) => [issue.path, issue.keyword])).toEqual([["/query", "maxLength"]]);
    expect(result.error?.message).toContain("1000 characters");
    expect(loaded.names).toEqual([]);
  });

  it("refuses a query of more than 32 search words with a message naming the limit when it is short enough", async () => {
    const agent = makeDeskAgent();
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const result = await agent.callTool("tool_search", { query: words });

    expect(result).toMatchObject({ ok: false, outcome: "invalid_arguments", toolName: "tool_search" });
    expect(result.error?.code).toBe("INVALID_ARGUMENTS");
    expect(result.error?.issues).toEqual([
      {
        path: "/query",
        keyword: "maxTerms",
        message: expect.stringContaining("more than 32 search words (it has 40)"),
      },
    ]);
    expect(result.callId).toEqual(expect.any(String));
    expect(result.callId).not.toBe("");
  });

  it("still answers a query of 32 words, function words not counted, when it is at the limit", async () => {
    const agent = makeDeskAgent();
    const words = ["convert", "money", ...Array.from({ length: 30 }, (_, i) => `word${i}`)].join(" to the ");
    const result = await agent.callTool("tool_search", { query: words, limit: 1 });

    expect(result.ok).toBe(true);
    expect((result.content as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(["convert_currency"]);
  });

  it("refuses an over-long query in the tool_search handler of toolsForTurn when it is called without validation", () => {
    const agent = makeDeskAgent();
    const search = agent.toolsForTurn().find((t) => t.name === "tool_search")!;

    expect(search.inputSchema.properties?.query).toMatchObject({ maxLength: 1000 });
    expect(search.handler({ query: "x".repeat(4_000_000) })).toMatchObject({
      ok: false,
      error: { code: "INVALID_ARGUMENTS", issues: [{ path: "/query", keyword: "maxLength" }] },
    });
  });
});

describe("a stored loaded-tools state (issue 23)", () => {
  it("lists a tool once and every exporter accepts the list when the stored state holds its name twice", () => {
    const agent = makeDeskAgent();
    const stored = JSON.parse('{"names":["convert_currency","send_email","convert_currency"]}') as { names: string[] };
    const tools = agent.toolsForTurn(stored);

    expect(names(tools)).toEqual(["get_time", "tool_search", "convert_currency", "send_email"]);
    expect(() => toOpenAITools(tools)).not.toThrow();
    expect(() => toOpenAITools(tools, { api: "responses" })).not.toThrow();
    expect(() => toAnthropicTools(tools)).not.toThrow();
    expect(() => toGeminiTools(tools)).not.toThrow();
    expect(() => toMcpTools(tools)).not.toThrow();
  });

  it("adds a found tool once when the state already holds duplicates", async () => {
    const agent = makeDeskAgent();
    const stored = { names: ["send_email", "send_email"] };
    await agent.callTool("tool_search", { query: "convert money", limit: 1 }, { loadedTools: stored });

    expect(stored.names.filter((name) => name === "convert_currency")).toHaveLength(1);
    expect(names(agent.toolsForTurn(stored))).toEqual(["get_time", "tool_search", "send_email", "convert_currency"]);
  });

  it("throws a TypeError naming the bad entry when a stored state is not { names: string[] }", () => {
    const agent = makeDeskAgent();
    expect(() => agent.toolsForTurn({ names: "convert_currency" } as never)).toThrow(
      /loadedTools must be \{ names: string\[\] \}.*names are the string "convert_currency"/,
    );
    expect(() => agent.toolsForTurn({ names: ["send_email", 7] } as never)).toThrow(/names\[1\] is a number/);
  });
});

describe("the tool_search index (issue 23)", () => {
  it("finds a deferred tool registered after the first search when the set of deferred tools changes", async () => {
    const registry = new ToolRegistry();
    class Desk extends BaseAgent {
      static override agentName = "desk_23";
      @tool({ description: "Get the time", params: { city: p.string() }, deferred: true })
      getTime() {
        return "12:00";
      }
    }
    const agent = new Desk({ registry });
    const first = await agent.callTool("tool_search", { query: "weather forecast" });
    expect((first.content as { tools: unknown[] }).tools).toEqual([]);

    registry.register("get_forecast", () => "sunny", {
      description: "Get the weather forecast",
      inputSchema: { type: "object", properties: {} },
      deferred: true,
    });
    const second = await agent.callTool("tool_search", { query: "weather forecast" });
    expect((second.content as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(["get_forecast"]);

    registry.unregister("get_forecast");
    const third = await agent.callTool("tool_search", { query: "weather forecast" });
    expect((third.content as { tools: unknown[] }).tools).toEqual([]);
  });
});
