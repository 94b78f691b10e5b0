import type Anthropic from "@anthropic-ai/sdk";
import { expectTypeOf } from "expect-type";
import type OpenAI from "openai";
import {
  type AnthropicToolResultBlock,
  type AnthropicToolSearchTool,
  type OpenAIResponsesToolEntry,
  type OpenAIToolSearchOutput,
  checkCompatibility,
} from "toolwright";
import type { AnthropicClientSearchTool } from "../../../src/providers/anthropic/tool-search.js";
import { TOOL_SEARCH_SPEC } from "../../../src/providers/tool-search/tool-search-spec.js";

describe("tool-search shapes against the official SDK types", () => {
  it("fit Anthropic's ToolUnion and ToolResultBlockParam when checked by tsc", () => {
    expectTypeOf<AnthropicToolSearchTool>().toExtend<Anthropic.ToolUnion>();
    expectTypeOf<AnthropicClientSearchTool>().toExtend<Anthropic.Tool>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
  });

  it("fit openai's Responses Tool and ResponseInputItem when checked by tsc", () => {
    expectTypeOf<OpenAIResponsesToolEntry>().toExtend<OpenAI.Responses.Tool>();
    expectTypeOf<OpenAIToolSearchOutput>().toExtend<OpenAI.Responses.ResponseInputItem>();
  });
});

describe("the tool_search tool", () => {
  it.each(["openai", "anthropic", "gemini", "mcp"] as const)(
    "has no error finding when checked against %s",
    (provider) => {
      expect(checkCompatibility([TOOL_SEARCH_SPEC], provider).filter((f) => f.severity === "error")).toEqual([]);
    },
  );

  it("has no error finding when exported strict or to Gemini's OpenAPI subset", () => {
    const errors = (findings: { severity: string }[]) => findings.filter((f) => f.severity === "error");
    expect(errors(checkCompatibility([TOOL_SEARCH_SPEC], "gemini", { mode: "openapi" }))).toEqual([]);
    expect(errors(checkCompatibility([TOOL_SEARCH_SPEC], "openai", { strict: true }))).toEqual([]);
    expect(errors(checkCompatibility([TOOL_SEARCH_SPEC], "anthropic", { strict: true }))).toEqual([]);
  });
});
