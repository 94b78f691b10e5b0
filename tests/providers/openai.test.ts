import { ToolDefinitionError, p, toOpenAITools } from "toolwright";
import {
  allKinds,
  fixtureSpecs,
  noParams,
  open,
  optionals,
  specOf,
  unstrict,
} from "../fixtures/providers/tool-specs.js";

describe("toOpenAITools", () => {
  it("emits the Chat Completions shape with strict set explicitly when api is chat", () => {
    const [tool] = toOpenAITools([noParams], { api: "chat", strict: false });
    expect(tool).toEqual({
      type: "function",
      function: {
        name: "no_params",
        description: "The no_params tool.",
        parameters: { type: "object", properties: {}, additionalProperties: false },
        strict: false,
      },
    });
  });

  it("emits the Responses shape, strict always set because the Responses API defaults it to true", () => {
    const [tool] = toOpenAITools([noParams], { api: "responses", strict: false });
    expect(tool).toEqual({
      type: "function",
      name: "no_params",
      description: "The no_params tool.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
      strict: false,
    });
  });

  it("sends the schema unchanged when strict is false", () => {
    const [tool] = toOpenAITools([allKinds], { strict: false });
    expect(tool?.function.parameters).toEqual(allKinds.inputSchema);
  });

  it("sends the strict rewrite with strict: true when every tool can be strict", () => {
    const [tool] = toOpenAITools([optionals], { strict: true });
    expect(tool?.function.strict).toBe(true);
    expect(tool?.function.parameters.required).toEqual(["query", "limit", "filter", "sort", "note"]);
  });

  it("falls back to strict: false for each tool that cannot be strict when strict is auto", () => {
    const tools = toOpenAITools([optionals, open, unstrict], { strict: "auto" });
    expect(tools.map((t) => [t.function.name, t.function.strict])).toEqual([
      ["optionals", true],
      ["open", false],
      ["unstrict", false],
    ]);
    expect(tools[1]?.function.parameters).toEqual(open.inputSchema);
  });

  it("uses strict auto when no options are given", () => {
    expect(toOpenAITools([optionals, open]).map((t) => t.function.strict)).toEqual([true, false]);
  });

  it("throws a ToolDefinitionError naming the tool and the path when strict is true and a tool cannot be strict", () => {
    expect(() => toOpenAITools([open], { strict: true })).toThrow(ToolDefinitionError);
    expect(() => toOpenAITools([open], { strict: true })).toThrow(/open\/properties\/scores\/additionalProperties/);
  });

  it("throws when a name is invalid for OpenAI or used twice", () => {
    const bad = { ...noParams, name: "has space" };
    expect(() => toOpenAITools([bad])).toThrow(/openai tool names must be/);
    expect(() => toOpenAITools([noParams, noParams])).toThrow(/Two tools are named "no_params"/);
  });

  it("never changes the frozen specs and returns fresh, mutable objects", () => {
    const before = JSON.stringify(fixtureSpecs);
    const tools = toOpenAITools(fixtureSpecs, { strict: "auto" });
    expect(JSON.stringify(fixtureSpecs)).toBe(before);
    const params = tools[0]!.function.parameters;
    expect(Object.isFrozen(params)).toBe(false);
    params.extra = 1;
    expect(toOpenAITools(fixtureSpecs, { strict: "auto" })[0]!.function.parameters.extra).toBeUndefined();
  });

  it("accepts agent.tools()-style objects that carry flags and a handler", () => {
    const withFlags = { ...specOf("flagged", { a: p.string() }), readOnly: true, handler: () => 1 };
    expect(toOpenAITools([withFlags])[0]?.function.name).toBe("flagged");
  });
});
