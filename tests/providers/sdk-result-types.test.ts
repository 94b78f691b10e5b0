import type Anthropic from "@anthropic-ai/sdk";
import type { FunctionResponse, Part } from "@google/genai";
import { type CallToolResult, CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { expectTypeOf } from "expect-type";
import type OpenAI from "openai";
import {
  type AnthropicToolResultBlock,
  type GeminiFunctionResponsePart,
  type McpToolResult,
  type OpenAIChatToolTurn,
  type OpenAIResponsesToolOutput,
  toMcpToolResult,
} from "toolwright";
import { makeResultsAgent } from "../fixtures/providers/results-agent.js";

describe("result builder types against the official SDK types", () => {
  it("fit openai's FunctionCallOutput, tool message and user message params", () => {
    expectTypeOf<OpenAIResponsesToolOutput>().toExtend<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>();
    expectTypeOf<OpenAIChatToolTurn["toolMessages"][number]>().toExtend<OpenAI.Chat.ChatCompletionToolMessageParam>();
    expectTypeOf<NonNullable<OpenAIChatToolTurn["followUp"]>>().toExtend<OpenAI.Chat.ChatCompletionUserMessageParam>();
  });

  it("fit @anthropic-ai/sdk's ToolResultBlockParam", () => {
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
  });

  it("fit @google/genai's Part and FunctionResponse", () => {
    expectTypeOf<GeminiFunctionResponsePart>().toExtend<Part>();
    expectTypeOf<GeminiFunctionResponsePart["functionResponse"]>().toExtend<FunctionResponse>();
  });

  it("fit the MCP SDK's CallToolResult, and parse with its schema for every example tool", async () => {
    expectTypeOf<McpToolResult>().toExtend<CallToolResult>();
    const agent = makeResultsAgent();
    for (const name of ["forecast", "screenshot", "report", "voice", "filterSchema"]) {
      const result = toMcpToolResult(await agent.callTool(name, name === "forecast" ? { city: "Oslo" } : {}));
      expect(CallToolResultSchema.parse(result)).toEqual(result);
    }
  });
});
