import {
  type ExportableTool,
  ToolDefinitionError,
  createLoadedTools,
  toAnthropicToolResult,
  toAnthropicTools,
  toOpenAIToolResult,
  toOpenAITools,
} from "toolwright";
import { makeDeskAgent } from "../../fixtures/providers/desk-agent.js";

const spec = (name: string, deferred?: boolean): ExportableTool => ({
  name,
  description: `Tool ${name}`,
  inputSchema: { type: "object", properties: { x: { type: "string" } }, required: ["x"] },
  ...(deferred === undefined ? {} : { deferred }),
});

describe("toAnthropicTools with deferred tools", () => {
  it("sends deferred tools loaded and adds no search when toolSearch is not set", () => {
    const tools = toAnthropicTools([spec("a"), spec("b", true)]);
    expect(tools.map((t) => [t.name, t.defer_loading])).toEqual([
      ["a", undefined],
      ["b", undefined],
    ]);
  });

  it("adds no search tool when toolSearch is set but no tool is deferred", () => {
    expect(toAnthropicTools([spec("a")], { toolSearch: "regex" })).toEqual([
      { name: "a", description: "Tool a", input_schema: spec("a").inputSchema },
    ]);
  });

  it("keeps the regex search tool loaded and puts the cache breakpoint on it when every tool is deferred", () => {
    const tools = toAnthropicTools([spec("a", true), spec("b", true)], {
      toolSearch: "regex",
      cacheControl: { type: "ephemeral" },
    });
    expect(tools[0]).toEqual({
      type: "tool_search_tool_regex_20251119",
      name: "tool_search_tool_regex",
      cache_control: { type: "ephemeral" },
    });
    expect(tools.slice(1).every((t) => "defer_loading" in t && t.defer_loading === true)).toBe(true);
  });

  it("throws ToolDefinitionError when the list already holds a tool_search tool, as toolsForTurn returns", () => {
    const agent = makeDeskAgent();
    expect(() => toAnthropicTools(agent.toolsForTurn(createLoadedTools()), { toolSearch: "client" })).toThrow(
      ToolDefinitionError,
    );
    expect(() => toAnthropicTools([spec("tool_search_tool_bm25"), spec("b", true)], { toolSearch: "bm25" })).toThrow(
      /named "tool_search" or "tool_search_tool_bm25"/,
    );
  });

  it("throws ToolDefinitionError naming the valid values when toolSearch is unknown", () => {
    expect(() => toAnthropicTools([spec("a", true)], { toolSearch: "vector" as "bm25" })).toThrow(
      /"bm25", "regex" or "client", not "vector"/,
    );
  });
});

describe("toAnthropicToolResult for tool_search", () => {
  it("answers with text unless toolSearch is client, and with text when nothing was found", async () => {
    const agent = makeDeskAgent();
    const found = await agent.callTool("tool_search", { query: "email" }, { callId: "t1" });
    const none = await agent.callTool("tool_search", { query: "weather" }, { callId: "t2" });
    expect(typeof toAnthropicToolResult({ name: "tool_search" }, found).content).toBe("string");
    expect(toAnthropicToolResult({ name: "tool_search" }, found, { toolSearch: "client" }).content).toEqual([
      { type: "tool_reference", tool_name: "send_email" },
    ]);
    expect(toAnthropicToolResult({ name: "tool_search" }, none, { toolSearch: "client" }).content).toMatch(
      /No tool matches/,
    );
  });
});

describe("toOpenAITools with deferred tools", () => {
  it("flags deferred functions in place when no namespace is given", () => {
    const tools = toOpenAITools([spec("a"), spec("b", true)], { api: "responses", toolSearch: "server" });
    expect(
      tools.map((t) => [t.type, "name" in t ? t.name : undefined, "defer_loading" in t && t.defer_loading]),
    ).toEqual([
      ["tool_search", undefined, false],
      ["function", "a", false],
      ["function", "b", true],
    ]);
  });

  it("throws ToolDefinitionError when toolSearch or namespace is used with Chat Completions", () => {
    expect(() => toOpenAITools([spec("a", true)], { toolSearch: "server" } as never)).toThrow(/need api: "responses"/);
    expect(() => toOpenAITools([spec("a", true)], { namespace: { name: "n", description: "d" } })).toThrow(
      ToolDefinitionError,
    );
  });

  it("throws ToolDefinitionError when a namespace lacks toolSearch or has a bad name", () => {
    expect(() =>
      toOpenAITools([spec("a", true)], { api: "responses", namespace: { name: "n", description: "d" } }),
    ).toThrow(/needs toolSearch/);
    expect(() =>
      toOpenAITools([spec("a", true)], {
        api: "responses",
        toolSearch: "client",
        namespace: { name: "has space", description: "d" },
      }),
    ).toThrow(/namespace must be \{ name, description \}/);
  });

  it("answers with an empty tool_search_output when a client search failed", async () => {
    const agent = makeDeskAgent();
    const tools = toOpenAITools(agent.tools(), { api: "responses", toolSearch: "client" });
    const failed = await agent.callTool("tool_search", { query: "" }, { callId: "ts" });
    expect(failed.ok).toBe(false);
    expect(toOpenAIToolResult({ id: "ts", name: "tool_search" }, failed, { api: "responses", tools })).toEqual({
      type: "tool_search_output",
      call_id: "ts",
      execution: "client",
      status: "completed",
      tools: [],
    });
  });
});
