import type Anthropic from "@anthropic-ai/sdk";
import {
  BaseAgent,
  ToolDefinitionError,
  ToolRegistry,
  checkCompatibility,
  p,
  toAnthropicTools,
  toGeminiTools,
  toMcpTools,
  toOpenAITools,
  tool,
} from "toolwright";
import { toAiSdkTools } from "toolwright/ai-sdk";

const params = { city: p.string("City name"), days: p.integer({ minimum: 1, maximum: 7 }).optional() };

function makeAgent() {
  const registry = new ToolRegistry();
  class Weather extends BaseAgent {
    static override agentName = "weather";
    @tool({
      description: "Get the forecast",
      params,
      examples: [{ city: "Oslo" }, { city: "Lima", days: 3 }],
      allowedCallers: ["direct", "code_execution_20260120"],
      eagerInputStreaming: true,
    })
    forecast({ city }: { city: string }) {
      return city;
    }
  }
  return new Weather({ registry });
}

describe("tool examples", () => {
  it("are exported as Anthropic input_examples, with allowed_callers and eager_input_streaming", () => {
    const [exported] = toAnthropicTools(makeAgent().tools());
    expect(exported).toMatchObject({
      name: "forecast",
      description: "Get the forecast",
      input_examples: [{ city: "Oslo" }, { city: "Lima", days: 3 }],
      allowed_callers: ["direct", "code_execution_20260120"],
      eager_input_streaming: true,
    });
    // The Messages API's own Tool type takes the three fields as exported.
    const sdkTool: Anthropic.Tool = exported!;
    expect(sdkTool.input_examples).toHaveLength(2);
  });

  it("are appended to the description for providers without a field: OpenAI, Gemini and MCP", () => {
    const tools = makeAgent().tools();
    const text = 'Get the forecast\n\nExample arguments:\n{"city":"Oslo"}\n{"city":"Lima","days":3}';
    expect(toOpenAITools(tools, { api: "responses" })[0]!.description).toBe(text);
    expect(toOpenAITools(tools)[0]!.function.description).toBe(text);
    expect(toGeminiTools(tools)[0]!.description).toBe(text);
    expect(toMcpTools(tools)[0]!.description).toBe(text);
    // A spec without the flags (agent.toolSpecs()) carries no examples, and goes out as before.
    expect(toOpenAITools(makeAgent().toolSpecs())[0]!.function.description).toBe("Get the forecast");
  });

  it("are the AI SDK tool's inputExamples", () => {
    const tools = toAiSdkTools(makeAgent());
    expect(tools.forecast!.inputExamples).toEqual([{ input: { city: "Oslo" } }, { input: { city: "Lima", days: 3 } }]);
    expect(tools.forecast!.description).toBe("Get the forecast");
  });

  it("throw a ToolDefinitionError at definition naming the example and the failing field", () => {
    const define = (examples: unknown) => () =>
      new ToolRegistry().register("forecast", () => "", {
        description: "Get the forecast",
        params,
        examples,
      } as never);
    expect(define([{ city: "Oslo" }, { city: "Lima", days: 9 }])).toThrow(ToolDefinitionError);
    expect(define([{ city: "Oslo" }, { city: "Lima", days: 9 }])).toThrow(/`examples\[1\]`.*\/days must be <= 7/);
    expect(define([{ days: 2 }])).toThrow(/`examples\[0\]`.*city/);
    expect(define([])).toThrow(/`examples` must be a non-empty array of argument objects/);
    expect(define(["Oslo"])).toThrow(/`examples` must be a non-empty array of argument objects/);
  });
});

describe("allowedCallers in the compatibility report", () => {
  it("is an error for a caller Anthropic does not know, and a warning for OpenAI, which has no field for it", () => {
    const spec = { name: "run", description: "Run", inputSchema: { type: "object" as const } };
    expect(checkCompatibility([{ ...spec, allowedCallers: ["direct"] }], "anthropic")).toEqual([]);
    expect(checkCompatibility([{ ...spec, allowedCallers: ["python"] }], "anthropic")).toEqual([
      expect.objectContaining({ rule: "anthropic.allowed-callers", severity: "error" }),
    ]);
    expect(() => toAnthropicTools([{ ...spec, allowedCallers: ["python"] }])).toThrow(ToolDefinitionError);
    expect(checkCompatibility([{ ...spec, allowedCallers: ["direct"] }], "openai")).toEqual([
      expect.objectContaining({ rule: "openai.allowed-callers", severity: "warning" }),
    ]);
  });
});
