import type OpenAI from "openai";
import {
  BaseAgent,
  ToolDefinitionError,
  ToolRegistry,
  p,
  parseOpenAIToolCalls,
  toAnthropicTools,
  toGeminiTools,
  toOpenAIToolResult,
  toOpenAITools,
  tool,
} from "toolwright";

const grammar = { syntax: "regex", definition: "^\\d{4}-\\d{2}-\\d{2}$" } as const;

function makeAgent() {
  class Calendar extends BaseAgent {
    static override agentName = "calendar";
    @tool({ description: "Open a day", params: { date: p.string("ISO date") }, grammar })
    openDay({ date }: { date: string }) {
      return `opened ${date}`;
    }
  }
  return new Calendar({ registry: new ToolRegistry() });
}

describe("custom tools with a grammar", () => {
  it("go out as OpenAI Responses custom tools with customTools: true, typed as the SDK's Tool", () => {
    const tools = toOpenAITools(makeAgent().tools(), { api: "responses", customTools: true });
    expect(tools).toEqual([
      {
        type: "custom",
        name: "openDay",
        description: "Open a day",
        format: { type: "grammar", syntax: "regex", definition: "^\\d{4}-\\d{2}-\\d{2}$" },
      },
    ]);
    const sdk: OpenAI.Responses.Tool[] = tools;
    expect(sdk).toHaveLength(1);
  });

  it("go out as functions with the grammar in the description elsewhere", () => {
    const tools = makeAgent().tools();
    const described = "Open a day\n\nThe input text must match this regex grammar:\n^\\d{4}-\\d{2}-\\d{2}$";
    expect(toOpenAITools(tools, { api: "responses" })[0]).toMatchObject({ type: "function", description: described });
    expect(toOpenAITools(tools)[0]!.function.description).toBe(described);
    expect(toAnthropicTools(tools)[0]!.description).toBe(described);
    expect(toGeminiTools(tools)[0]!.description).toBe(described);
    expect(() => toOpenAITools(tools, { api: "chat", customTools: true } as never)).toThrow(/customTools needs api/);
  });

  it("parse custom_tool_call items into the tool's one parameter and answer with custom_tool_call_output", async () => {
    const agent = makeAgent();
    const output = [{ type: "custom_tool_call", call_id: "call_7", name: "openDay", input: "2026-12-06" }];
    const [call] = parseOpenAIToolCalls(output, { api: "responses", tools: agent.tools() });
    expect(call).toEqual({ id: "call_7", name: "openDay", arguments: { date: "2026-12-06" }, custom: true });
    // Without the tools, the text is the parameter `input`.
    expect(parseOpenAIToolCalls(output, { api: "responses" })[0]!.arguments).toEqual({ input: "2026-12-06" });
    const result = await agent.callTool(call!.name, call!.arguments, { callId: call!.id });
    const answer = toOpenAIToolResult(call!, result, { api: "responses" });
    expect(answer).toEqual({ type: "custom_tool_call_output", call_id: "call_7", output: "opened 2026-12-06" });
    const sdk: OpenAI.Responses.ResponseInputItem = answer;
    expect(sdk.type).toBe("custom_tool_call_output");
  });

  it("refuse a grammar on a tool whose parameters are not one required string, at definition", () => {
    const register =
      (params: object, g: unknown = grammar) =>
      () =>
        new ToolRegistry().register("t", () => "", { description: "T", params, grammar: g } as never);
    expect(register({ a: p.string(), b: p.string() })).toThrow(ToolDefinitionError);
    expect(register({ a: p.string(), b: p.string() })).toThrow(/`grammar` needs exactly one parameter/);
    expect(register({ n: p.integer() })).toThrow(/`grammar` needs exactly one parameter/);
    expect(register({ a: p.string().optional() })).toThrow(/`grammar` needs exactly one parameter/);
    expect(register({ a: p.string() }, { syntax: "ebnf", definition: "x" })).toThrow(/`grammar` must be/);
    expect(register({ a: p.string() })).not.toThrow();
  });
});
