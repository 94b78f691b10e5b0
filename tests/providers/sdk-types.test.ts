import type Anthropic from "@anthropic-ai/sdk";
import { type FunctionDeclaration, type GenerateContentResponse, type Part, Type } from "@google/genai";
import type { Tool as McpSdkTool } from "@modelcontextprotocol/sdk/types.js";
import { expectTypeOf } from "expect-type";
import type OpenAI from "openai";
import type { parseAnthropicToolCalls, parseGeminiToolCalls } from "toolwright";
import {
  type AnthropicTool,
  type AnthropicToolResultBlock,
  type GeminiFunctionDeclaration,
  type GeminiFunctionResponsePart,
  type GeminiJsonSchemaFunctionDeclaration,
  type GeminiType,
  type McpTool,
  type OpenAIChatMessageLike,
  type OpenAIChatTool,
  type OpenAIChatToolMessage,
  type OpenAIResponsesOutputLike,
  type OpenAIResponsesTool,
  type OpenAIResponsesToolOutput,
  parseOpenAIToolCalls,
  toAnthropicTools,
  toGeminiTools,
  toMcpTools,
  toOpenAITools,
} from "toolwright";
import { allKinds } from "../fixtures/providers/tool-specs.js";

// The SDK's Schema with its `Type` enum replaced by the enum's string values: what toolwright's own names must fit.
type WithTypeNames<S> = S extends object
  ? { [K in keyof S]: K extends "type" ? `${Type}` | undefined : WithTypeNames<S[K]> }
  : S;

describe("exporter return types against the official SDK types", () => {
  it("fit openai's ChatCompletionTool and Responses FunctionTool", () => {
    expectTypeOf<OpenAIChatTool>().toExtend<OpenAI.Chat.ChatCompletionTool>();
    expectTypeOf<OpenAIChatTool>().toExtend<OpenAI.Chat.ChatCompletionFunctionTool>();
    expectTypeOf<OpenAIResponsesTool>().toExtend<OpenAI.Responses.FunctionTool>();
    const chat: OpenAI.Chat.ChatCompletionTool[] = toOpenAITools([allKinds]);
    const responses: OpenAI.Responses.Tool[] = toOpenAITools([allKinds], { api: "responses" });
    expect([chat.length, responses.length]).toEqual([1, 1]);
  });

  it("fit @anthropic-ai/sdk's Tool", () => {
    expectTypeOf<AnthropicTool>().toExtend<Anthropic.Tool>();
    const tools: Anthropic.ToolUnion[] = toAnthropicTools([allKinds], { strict: "auto" });
    expect(tools).toHaveLength(1);
  });

  it("fit @google/genai's FunctionDeclaration, with no cast in jsonSchema mode or when given the SDK's Type enum", () => {
    expectTypeOf<GeminiJsonSchemaFunctionDeclaration>().toExtend<FunctionDeclaration>();
    expectTypeOf<GeminiFunctionDeclaration<Type>>().toExtend<FunctionDeclaration>();
    expectTypeOf<GeminiFunctionDeclaration>().toExtend<WithTypeNames<FunctionDeclaration>>();
    // toolwright's type names are exactly the SDK enum's values: a new or renamed member fails here.
    expectTypeOf<GeminiType>().toEqualTypeOf<`${Type}`>();
    const declarations: FunctionDeclaration[] = toGeminiTools([allKinds]);
    const openapi: FunctionDeclaration[] = toGeminiTools([allKinds], { mode: "openapi", types: Type });
    // @ts-expect-error -- without the SDK's enum, openapi mode emits plain strings, which the SDK types reject.
    const uncast: FunctionDeclaration[] = toGeminiTools([allKinds], { mode: "openapi" });
    expect([declarations, openapi, uncast].map((d) => d.length)).toEqual([1, 1, 1]);
  });

  it("fit the MCP SDK's Tool", () => {
    expectTypeOf<McpTool>().toExtend<McpSdkTool>();
    const tools: McpSdkTool[] = toMcpTools([allKinds]);
    expect(tools).toHaveLength(1);
  });
});

describe("tool-result and tool-call types against the official SDK types", () => {
  it("build result messages the SDKs accept", () => {
    expectTypeOf<OpenAIChatToolMessage>().toExtend<OpenAI.Chat.ChatCompletionToolMessageParam>();
    expectTypeOf<OpenAIChatToolMessage>().toExtend<OpenAI.Chat.ChatCompletionMessageParam>();
    expectTypeOf<OpenAIResponsesToolOutput>().toExtend<OpenAI.Responses.ResponseInputItem>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ContentBlockParam>();
    expectTypeOf<GeminiFunctionResponsePart>().toExtend<Part>();
  });

  it("parse the SDKs' response types without a cast", () => {
    expectTypeOf<OpenAI.Chat.ChatCompletionMessage>().toExtend<OpenAIChatMessageLike>();
    expectTypeOf<OpenAI.Responses.Response>().toExtend<OpenAIResponsesOutputLike>();
    // Both go straight into the one parser, each with its api.
    const _chat = (message: OpenAI.Chat.ChatCompletionMessage) => parseOpenAIToolCalls(message);
    const _responses = (response: OpenAI.Responses.Response) => parseOpenAIToolCalls(response, { api: "responses" });
    expectTypeOf<ReturnType<typeof _chat>>().toEqualTypeOf<ReturnType<typeof _responses>>();
    expectTypeOf<Anthropic.Message>().toExtend<Parameters<typeof parseAnthropicToolCalls>[0]>();
    expectTypeOf<GenerateContentResponse>().toExtend<Parameters<typeof parseGeminiToolCalls>[0]>();
  });
});
