// Checked by `npm run typecheck` (ts-jest only transpiles), like tests/providers/sdk-types.test.ts.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { Agent, type Tool as OpenAIAgentsSdkTool } from "@openai/agents";
import type { ToolSet, generateText, streamText } from "ai";
import { expectTypeOf } from "expect-type";
import type { Tool as Ai7Tool } from "ai7";
import type { FileItem7 } from "../../src/adapters/ai-sdk/model-output.js";
import type { ToolOutputFileContent, ToolOutputImage, ToolOutputText } from "@openai/agents";
import { type AiSdkAgentTools, type ModelOutput as Ai6ModelOutput, toAiSdkTools } from "toolwright/ai-sdk";
import { type AgentLangChainTool, toLangChainTools } from "toolwright/langchain";
import { type OpenAIAgentsOutputItem, type OpenAIAgentsTool, toOpenAIAgentsTools } from "toolwright/openai-agents";
import { makeTravelAgent } from "./adapter-agent.js";

// What users write goes into each framework with no cast: these fail to compile when a framework's types move.
describe("adapter results against each framework's own types", () => {
  it("toAiSdkTools returns a ToolSet that generateText and streamText accept", () => {
    expectTypeOf<AiSdkAgentTools>().toExtend<ToolSet>();
    expectTypeOf<AiSdkAgentTools>().toExtend<NonNullable<Parameters<typeof generateText>[0]["tools"]>>();
    expectTypeOf<AiSdkAgentTools>().toExtend<NonNullable<Parameters<typeof streamText>[0]["tools"]>>();
    const tools: ToolSet = toAiSdkTools(makeTravelAgent().agent);
    expect(Object.keys(tools)).toHaveLength(3);
  });

  it("toOpenAIAgentsTools returns tools that new Agent({ tools }) accepts", () => {
    expectTypeOf<OpenAIAgentsTool>().toExtend<OpenAIAgentsSdkTool>();
    const assistant = new Agent({ name: "travel", tools: toOpenAIAgentsTools(makeTravelAgent().agent) });
    expect(assistant.tools).toHaveLength(3);
  });

  it("toLangChainTools returns structured tools that bindTools accepts", () => {
    expectTypeOf<AgentLangChainTool>().toExtend<StructuredToolInterface>();
    expectTypeOf<AgentLangChainTool[]>().toExtend<Parameters<NonNullable<BaseChatModel["bindTools"]>>[0]>();
    const tools: StructuredToolInterface[] = toLangChainTools(makeTravelAgent().agent);
    expect(tools).toHaveLength(3);
  });
});

type Ai7ModelOutput = Awaited<ReturnType<NonNullable<Ai7Tool<Record<string, unknown>, unknown>["toModelOutput"]>>>;
type ContentItemOf<T> = Extract<T, { type: "content" }> extends { value: (infer I)[] } ? I : never;

describe("rich results against each framework's own content types", () => {
  it("writes AI SDK content items that 6 defines and 7 still reads, and 7's own file items", () => {
    // toAiSdkTools's form: every item AI SDK 6 takes that toolwright writes is an item AI SDK 7 takes too.
    type Written6 = Extract<ContentItemOf<Ai6ModelOutput>, { type: "text" | "image-data" | "image-url" | "file-data" }>;
    expectTypeOf<Written6>().toExtend<ContentItemOf<Ai7ModelOutput>>();
    // toAiSdkToolSet's form.
    expectTypeOf<FileItem7>().toExtend<ContentItemOf<Ai7ModelOutput>>();
    expect(true).toBe(true);
  });

  it("answers the OpenAI Agents SDK with its own text, image and file outputs", () => {
    expectTypeOf<OpenAIAgentsOutputItem>().toEqualTypeOf<ToolOutputText | ToolOutputImage | ToolOutputFileContent>();
    expect(true).toBe(true);
  });
});
