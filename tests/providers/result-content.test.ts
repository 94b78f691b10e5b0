import {
  type ToolResult,
  content,
  toAnthropicTools,
  toGeminiTools,
  toOpenAITools,
  image,
  toAnthropicToolResult,
  toGeminiToolResult,
  toMcpToolResult,
  toOpenAIChatToolMessages,
  toOpenAIToolResult,
} from "toolwright";
import { PDF, PNG, makeResultsAgent } from "../fixtures/providers/results-agent.js";

const agent = makeResultsAgent();
const run = async (name: string) => {
  const result = await agent.callTool(name, name === "forecast" ? { city: "Oslo" } : {}, { callId: `call_${name}` });
  return { call: { id: `call_${name}`, name }, result };
};

describe("OpenAI result builders with content parts", () => {
  it("answers a Responses call with input_text and input_image items", async () => {
    const { call, result } = await run("screenshot");
    expect(toOpenAIToolResult(call, result, { api: "responses" })).toEqual({
      type: "function_call_output",
      call_id: "call_screenshot",
      output: [
        { type: "input_text", text: "The page as it looks now:" },
        { type: "input_image", image_url: `data:image/png;base64,${PNG}` },
      ],
    });
  });

  it("sends files as input_file data URLs with their names, and links as text", async () => {
    const { call, result } = await run("report");
    const out = toOpenAIToolResult(call, result, { api: "responses" });
    expect(out.output).toEqual([
      { type: "input_text", text: "Sales report attached." },
      { type: "input_file", file_data: `data:application/pdf;base64,${PDF}`, filename: "sales.pdf" },
      { type: "input_file", file_data: "data:text/csv;base64,YSxiCjEsMgo=", filename: "sales.csv" },
      { type: "input_text", text: '[resource "report 42" at https://example.com/reports/42 (text/html)]' },
    ]);
  });

  it("names media in a Chat tool message, which carries text only", async () => {
    const { call, result } = await run("screenshot");
    expect(toOpenAIToolResult(call, result).content).toBe(
      "The page as it looks now:\n[image: image/png, 8 B; not sent: Chat Completions tool messages carry text only]",
    );
  });

  it("answers a Chat turn with text-only tool messages and one follow-up user message carrying the media", async () => {
    const answers = await Promise.all(["forecast", "screenshot", "voice"].map(run));
    const { toolMessages, followUp } = toOpenAIChatToolMessages(answers);
    expect(toolMessages).toEqual([
      { role: "tool", tool_call_id: "call_forecast", content: '{"city":"Oslo","celsius":21.5,"summary":"sunny"}' },
      {
        role: "tool",
        tool_call_id: "call_screenshot",
        content: "The page as it looks now:\n[image: image/png, 8 B; attachment 1, in the next user message]",
      },
      {
        role: "tool",
        tool_call_id: "call_voice",
        content: "[audio: audio/wav, 4 B; attachment 2, in the next user message]",
      },
    ]);
    expect(followUp).toEqual({
      role: "user",
      content: [
        { type: "text", text: "attachment 1 (from the screenshot call call_screenshot):" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
        { type: "text", text: "attachment 2 (from the voice call call_voice):" },
        { type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } },
      ],
    });
    expect(toOpenAIChatToolMessages(answers.slice(0, 1))).not.toHaveProperty("followUp");
  });
});

describe("Anthropic, Gemini and MCP result builders with content parts", () => {
  it("answers with Anthropic image and document blocks, text documents decoded", async () => {
    const shot = await run("screenshot");
    expect(toAnthropicToolResult(shot.call, shot.result).content).toEqual([
      { type: "text", text: "The page as it looks now:" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
    ]);
    const report = await run("report");
    expect(toAnthropicToolResult(report.call, report.result)).toMatchObject({
      is_error: false,
      content: [
        { type: "text", text: "Sales report attached." },
        { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF }, title: "sales.pdf" },
        {
          type: "document",
          source: { type: "text", media_type: "text/plain", data: "a,b\n1,2\n" },
          title: "sales.csv",
        },
        { type: "text", text: expect.stringContaining("report 42") },
      ],
    });
    const voice = await run("voice");
    expect(toAnthropicToolResult(voice.call, voice.result).content).toEqual([
      { type: "text", text: "[audio: audio/wav, 4 B; not sent: Anthropic takes no audio]" },
    ]);
  });

  it("answers Gemini with the text as output and the image as an inline-data part", async () => {
    const { call, result } = await run("screenshot");
    expect(toGeminiToolResult(call, result)).toEqual({
      functionResponse: {
        id: "call_screenshot",
        name: "screenshot",
        response: { output: "The page as it looks now:" },
        parts: [{ inlineData: { mimeType: "image/png", data: PNG } }],
      },
    });
    expect(toGeminiToolResult(call, result, { media: false }).functionResponse).toEqual({
      id: "call_screenshot",
      name: "screenshot",
      response: {
        output: expect.stringContaining("[image: image/png, 8 B; not sent: Gemini takes png, jpeg and webp images"),
      },
    });
  });

  it("sends Gemini a value holding $ref or $defs as its JSON text, and other objects as they are", async () => {
    const schema = await run("filterSchema");
    expect(toGeminiToolResult(schema.call, schema.result).functionResponse.response).toEqual({
      output: '{"$defs":{"f":{"type":"object"}},"$ref":"#/$defs/f"}',
    });
    const forecast = await run("forecast");
    expect(toGeminiToolResult(forecast.call, forecast.result).functionResponse.response).toEqual({
      output: { city: "Oslo", celsius: 21.5, summary: "sunny" },
    });
  });

  it("answers MCP with text, image, audio, resource and resource_link blocks", async () => {
    expect(toMcpToolResult((await run("screenshot")).result)).toEqual({
      content: [
        { type: "text", text: "The page as it looks now:" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
    });
    expect(toMcpToolResult((await run("report")).result).content.slice(1)).toEqual([
      { type: "resource", resource: { uri: "attachment:sales.pdf", mimeType: "application/pdf", blob: PDF } },
      { type: "resource", resource: { uri: "attachment:sales.csv", mimeType: "text/csv", blob: "YSxiCjEsMgo=" } },
      { type: "resource_link", uri: "https://example.com/reports/42", name: "report 42", mimeType: "text/html" },
    ]);
    expect(toMcpToolResult((await run("voice")).result).content).toEqual([
      { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
    ]);
    expect(toMcpToolResult((await run("forecast")).result).structuredContent).toEqual({
      city: "Oslo",
      celsius: 21.5,
      summary: "sunny",
    });
  });
});

describe("result builders with bad or long results", () => {
  const success = (value: unknown): ToolResult => ({
    ok: true,
    outcome: "success",
    toolName: "shot",
    callId: "c1",
    content: value,
  });

  it("answers INVALID_RESULT naming the part instead of sending a part the provider would refuse", () => {
    const bad = success(content("caption", image({ data: "%%%", mimeType: "image/png" })));
    const call = { id: "c1", name: "shot" };
    const anthropic = toAnthropicToolResult(call, bad);
    expect(anthropic.is_error).toBe(true);
    expect(anthropic.content).toMatch(
      /^Error \(INVALID_RESULT\): Tool "shot" returned content that cannot be sent: \/parts\/1\/data part 2 of 2: the image part's `data` is not base64/,
    );
    expect(toMcpToolResult(bad)).toMatchObject({ isError: true });
    expect(toOpenAIToolResult(call, bad, { api: "responses" }).output).toMatch(/^Error \(INVALID_RESULT\)/);
    expect(toGeminiToolResult(call, bad).functionResponse.response).toEqual({
      error: { code: "INVALID_RESULT", message: expect.stringContaining("/parts/1/data") },
    });
  });

  it("cuts long text to maxResultChars in every builder, with a notice", () => {
    const long = success("x".repeat(200_000));
    const call = { id: "c1", name: "shot" };
    const notice = /characters cut: the result is longer than the 50,000 characters/;
    const chat = toOpenAIToolResult(call, long).content;
    expect(chat.length).toBeLessThanOrEqual(50_000);
    expect(chat).toMatch(notice);
    expect(toAnthropicToolResult(call, long, { maxResultChars: 1_000 }).content).toHaveLength(1_000);
    expect(toMcpToolResult(long).content[0]).toMatchObject({ text: expect.stringMatching(notice) });
    const big = success({ rows: Array.from({ length: 20_000 }, (_, i) => ({ i })) });
    const gemini = toGeminiToolResult(call, big).functionResponse.response.output;
    expect(typeof gemini).toBe("string");
    expect(gemini).toMatch(notice);
  });

  it("shares the budget of a mixed result between its text parts and keeps the media", () => {
    const mixed = success(content("a".repeat(3_000), image({ data: PNG, mimeType: "image/png" }), "b".repeat(1_000)));
    const blocks = toAnthropicToolResult({ id: "c1", name: "shot" }, mixed, { maxResultChars: 2_000 }).content;
    expect(Array.isArray(blocks) && blocks.map((b) => b.type)).toEqual(["text", "image", "text"]);
    const texts = (blocks as { type: string; text?: string }[]).filter((b) => b.type === "text");
    expect(texts.reduce((sum, b) => sum + b.text!.length, 0)).toBeLessThanOrEqual(2_000);
  });
});

describe("tool exports with output schemas", () => {
  it("keep outputSchema out of the OpenAI, Anthropic and Gemini tool formats, which have no such field", () => {
    const specs = agent.toolSpecs();
    expect(specs.find((s) => s.name === "forecast")).toHaveProperty("outputSchema");
    const exports = [
      toOpenAITools(specs),
      toOpenAITools(specs, { api: "responses" }),
      toAnthropicTools(specs),
      toGeminiTools(specs),
      toGeminiTools(specs, { mode: "openapi" }),
    ];
    for (const tools of exports) expect(JSON.stringify(tools)).not.toContain("outputSchema");
  });
});
