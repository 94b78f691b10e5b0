import type { FunctionCallingConfigMode, Interactions, ToolConfig } from "@google/genai";
import { expectTypeOf } from "expect-type";
import {
  type GeminiCallingMode,
  ToolDefinitionError,
  ToolRegistry,
  geminiToolConfig,
  image,
  content,
  p,
  parseGeminiInteractionCalls,
  toGeminiInteractionResult,
  toGeminiTools,
} from "toolwright";

const PNG = "iVBORw0KGgo=";

function makeRegistry() {
  const registry = new ToolRegistry();
  registry.register("get_weather", ({ city }: { city: string }) => ({ city, forecast: "sunny" }), {
    description: "Get the weather",
    params: { city: p.string() },
  });
  registry.register("snapshot", () => content("the chart", image({ data: PNG, mimeType: "image/png" })), {
    description: "Draw a chart",
    params: {},
  });
  registry.register(
    "fail",
    () => {
      throw new Error("the weather service is down");
    },
    { description: "Fail", params: {} },
  );
  return registry;
}

describe("Gemini Interactions", () => {
  it('exports function tools { type: "function", name, description, parameters } with api: "interactions"', () => {
    const registry = makeRegistry();
    const tools = toGeminiTools(registry.specs(), { api: "interactions" });
    expect(tools).toEqual([
      {
        type: "function",
        name: "get_weather",
        description: "Get the weather",
        parameters: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
          additionalProperties: false,
        },
      },
      { type: "function", name: "snapshot", description: "Draw a chart" },
      { type: "function", name: "fail", description: "Fail" },
    ]);
    const sdk: Interactions.Tool[] = tools;
    expect(sdk).toHaveLength(3);
    expect(() => toGeminiTools(registry.specs(), { api: "interactions", mode: "openapi" } as never)).toThrow(
      ToolDefinitionError,
    );
  });

  it("parses function_call steps and answers with function_result steps, is_error on failure", async () => {
    const registry = makeRegistry();
    const steps: Interactions.Step[] = [
      { type: "function_call", id: "fc_1", name: "get_weather", arguments: { city: "Oslo" } },
      { type: "function_call", id: "fc_2", name: "get_weather", arguments: { town: "Oslo" } },
    ];
    const calls = parseGeminiInteractionCalls({ steps });
    expect(calls).toEqual([
      { id: "fc_1", name: "get_weather", arguments: { city: "Oslo" } },
      { id: "fc_2", name: "get_weather", arguments: { town: "Oslo" } },
    ]);
    const ok = toGeminiInteractionResult(calls[0]!, await registry.dispatch("get_weather", { city: "Oslo" }));
    expect(ok).toEqual({
      type: "function_result",
      call_id: "fc_1",
      name: "get_weather",
      is_error: false,
      result: '{"city":"Oslo","forecast":"sunny"}',
    });
    const failed = toGeminiInteractionResult(calls[1]!, await registry.dispatch("fail", {}));
    expect(failed).toMatchObject({
      type: "function_result",
      call_id: "fc_2",
      is_error: true,
      result: expect.stringContaining("the weather service is down"),
    });
    const sdk: Interactions.FunctionResultStep = ok;
    expect(sdk.call_id).toBe("fc_1");
  });

  it("sends images of a result as image contents", async () => {
    const registry = makeRegistry();
    const step = toGeminiInteractionResult({ id: "fc_3", name: "snapshot" }, await registry.dispatch("snapshot", {}));
    expect(step.result).toEqual([
      { type: "text", text: "the chart" },
      { type: "image", data: PNG, mime_type: "image/png" },
    ]);
    const sdk: Interactions.FunctionResultStep = step;
    expect(sdk.is_error).toBe(false);
  });

  it("builds the function-calling configuration, VALIDATED included, for both APIs", () => {
    expect(geminiToolConfig("VALIDATED")).toEqual({ functionCallingConfig: { mode: "VALIDATED" } });
    expect(geminiToolConfig("ANY", { allowed: ["get_weather"] })).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["get_weather"] },
    });
    expect(geminiToolConfig("VALIDATED", { api: "interactions" })).toBe("validated");
    const choice = geminiToolConfig("VALIDATED", { api: "interactions", allowed: ["get_weather"] });
    expect(choice).toEqual({ allowed_tools: { mode: "validated", tools: ["get_weather"] } });
    const sdkChoice: Interactions.ToolChoiceType | Interactions.ToolChoiceConfig = choice;
    expect(sdkChoice).toBeDefined();
    // The modes are the SDK enum's values (less MODE_UNSPECIFIED); its ToolConfig takes the config once cast to it.
    expectTypeOf<GeminiCallingMode>().toEqualTypeOf<Exclude<`${FunctionCallingConfigMode}`, "MODE_UNSPECIFIED">>();
    const config = geminiToolConfig("VALIDATED") as ToolConfig;
    expect(config.functionCallingConfig?.mode).toBe("VALIDATED");
  });
});
