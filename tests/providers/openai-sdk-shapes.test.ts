import { expectTypeOf } from "expect-type";
import type OpenAI from "openai";
import {
  type ExportableTool,
  type OpenAIAdditionalToolsItem,
  type OpenAICaller,
  type OpenAICustomTool,
  type OpenAICustomToolOutput,
  type OpenAIResponsesFunction,
  type OpenAIResponsesTool,
  type OpenAIToolTurn,
  ToolDefinitionError,
  checkCompatibility,
  toOpenAITools,
} from "toolwright";

type SdkFunctionTool = OpenAI.Responses.FunctionTool;
type SdkNamespaceFunction = OpenAI.Responses.NamespaceTool.Function;
type SdkGrammar = Extract<NonNullable<OpenAI.Responses.CustomTool["format"]>, { type: "grammar" }>;

// These are checked by tsc (npm run typecheck covers tests): a shape that drifts from the openai SDK fails to compile.
describe("the Responses shapes toolwright emits, against the openai SDK's types (7.x)", () => {
  it("function tools with output_schema and allowed_callers are the SDK's FunctionTool, field by field", () => {
    expectTypeOf<OpenAIResponsesTool>().toExtend<SdkFunctionTool>();
    expectTypeOf<OpenAIResponsesTool>().toExtend<OpenAI.Responses.Tool>();
    expectTypeOf<OpenAIResponsesFunction>().toExtend<SdkFunctionTool>();
    expectTypeOf<OpenAIResponsesFunction>().toExtend<SdkNamespaceFunction>();
    // The callers are exactly the SDK's: a caller added or renamed there fails here.
    expectTypeOf<OpenAICaller>().toEqualTypeOf<NonNullable<SdkFunctionTool["allowed_callers"]>[number]>();
    expectTypeOf<NonNullable<OpenAIResponsesTool["output_schema"]>>().toExtend<
      NonNullable<SdkFunctionTool["output_schema"]>
    >();
  });

  it("custom tools with a grammar are the SDK's CustomTool, the syntaxes exactly the SDK's", () => {
    expectTypeOf<OpenAICustomTool>().toExtend<OpenAI.Responses.CustomTool>();
    expectTypeOf<OpenAICustomTool["format"]>().toExtend<SdkGrammar>();
    expectTypeOf<OpenAICustomTool["format"]["syntax"]>().toEqualTypeOf<SdkGrammar["syntax"]>();
    expectTypeOf<NonNullable<OpenAICustomTool["allowed_callers"]>[number]>().toEqualTypeOf<
      NonNullable<OpenAI.Responses.CustomTool["allowed_callers"]>[number]
    >();
  });

  it("additional_tools and custom_tool_call_output are the SDK's input items", () => {
    expectTypeOf<OpenAIAdditionalToolsItem>().toExtend<OpenAI.Responses.ResponseInputItem.AdditionalTools>();
    expectTypeOf<OpenAIToolTurn["items"][number]>().toExtend<OpenAI.Responses.ResponseInputItem>();
    expectTypeOf<OpenAICustomToolOutput>().toExtend<OpenAI.Responses.ResponseCustomToolCallOutput>();
    expectTypeOf<OpenAICustomToolOutput>().toExtend<OpenAI.Responses.ResponseInputItem>();
  });
});

describe("allowed_callers and output_schema on OpenAI", () => {
  const spec = { name: "run", description: "Run", inputSchema: { type: "object" as const } };

  it("sends allowedCallers on the Responses API, Anthropic's code_execution callers as programmatic", () => {
    const [tool] = toOpenAITools([{ ...spec, allowedCallers: ["code_execution_20250825", "direct"] }], {
      api: "responses",
    });
    expect(tool!.allowed_callers).toEqual(["programmatic", "direct"]);
    const [plain] = toOpenAITools([spec], { api: "responses" });
    expect(plain).not.toHaveProperty("allowed_callers");
    expect(plain).not.toHaveProperty("output_schema");
  });

  it("sends allowedCallers on a custom tool too, which takes them as a function tool does", () => {
    const custom: ExportableTool = {
      name: "open_day",
      description: "Open a day",
      inputSchema: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
      grammar: { syntax: "regex", definition: "\\d{4}-\\d{2}-\\d{2}" },
      allowedCallers: ["programmatic"],
    };
    const [tool] = toOpenAITools([custom], { api: "responses", customTools: true });
    expect(tool).toMatchObject({ type: "custom", allowed_callers: ["programmatic"] });
  });

  it("sends the tool's output schema as output_schema on the Responses API only", () => {
    const outputSchema = { type: "object", properties: { n: { type: "integer" } } } as const;
    const [responses] = toOpenAITools([{ ...spec, outputSchema }], { api: "responses" });
    expect(responses!.output_schema).toEqual(outputSchema);
    const [chat] = toOpenAITools([{ ...spec, outputSchema }]);
    expect(chat!.function).not.toHaveProperty("output_schema");
  });

  it("refuses a caller OpenAI does not know, and warns that Chat Completions has no field for callers", () => {
    const bad = [{ ...spec, allowedCallers: ["python"] }];
    expect(checkCompatibility(bad, "openai", { api: "responses" })).toEqual([
      expect.objectContaining({
        rule: "openai.allowed-callers",
        severity: "error",
        message: expect.stringMatching(/"python"/),
      }),
    ]);
    expect(() => toOpenAITools(bad, { api: "responses" })).toThrow(ToolDefinitionError);
    expect(checkCompatibility([{ ...spec, allowedCallers: ["direct"] }], "openai", { api: "responses" })).toEqual([]);
    expect(checkCompatibility([{ ...spec, allowedCallers: ["direct"] }], "openai")).toEqual([
      expect.objectContaining({ rule: "openai.allowed-callers", severity: "warning" }),
    ]);
  });
});
