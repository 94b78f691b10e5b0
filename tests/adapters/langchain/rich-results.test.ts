import type { ToolMessage } from "@langchain/core/messages";
import { toLangChainTools } from "toolwright/langchain";
import { PDF, PNG, makeRichAgent } from "../rich-agent.js";

/** Invokes one tool with a model's tool call, as a ToolNode or an agent loop does, and returns its ToolMessage. */
async function invokeWithCall(toolName: string, args: Record<string, unknown> = {}): Promise<ToolMessage> {
  const tool = toLangChainTools(makeRichAgent()).find((t) => t.name === toolName)!;
  return (await tool.invoke({ type: "tool_call", id: "call-1", name: toolName, args })) as ToolMessage;
}

describe("toLangChainTools with rich and typed results", () => {
  it("answers a screenshot as standard content blocks, the whole ToolResult as the artifact", async () => {
    const message = await invokeWithCall("screenshot");
    expect(message.tool_call_id).toBe("call-1");
    expect(message.status).toBe("success");
    expect(message.content).toEqual([
      { type: "text", text: "The page as it looks now:" },
      { type: "image", data: PNG, mimeType: "image/png" },
    ]);
    expect(message.artifact).toMatchObject({ ok: true, toolName: "screenshot", content: { type: "content" } });
  });

  it("answers a PDF as a file block with its file name", async () => {
    const message = await invokeWithCall("report");
    expect(message.content).toEqual([
      { type: "text", text: "Sales report attached." },
      { type: "file", data: PDF, mimeType: "application/pdf", metadata: { filename: "sales.pdf" } },
    ]);
  });

  it("keeps a typed value whole on the artifact and the model's JSON text as the content", async () => {
    const message = await invokeWithCall("forecast", { city: "Oslo" });
    expect(JSON.parse(message.content as string)).toEqual({ city: "Oslo", celsius: 21.5 });
    expect(message.artifact).toMatchObject({ ok: true, content: { city: "Oslo", celsius: 21.5 } });
    expect(toLangChainTools(makeRichAgent())[0]?.responseFormat).toBe("content_and_artifact");
  });

  it("answers a value that breaks returns with an error ToolMessage naming INVALID_RESULT", async () => {
    const message = await invokeWithCall("broken");
    expect(message.status).toBe("error");
    expect(message.content).toMatch(/^Error \(INVALID_RESULT\)/);
    expect(message.artifact).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
  });

  it("returns the model's text when invoked with bare arguments", async () => {
    const tool = toLangChainTools(makeRichAgent()).find((t) => t.name === "screenshot")!;
    expect(await tool.invoke({})).toBe("The page as it looks now:\n[image: image/png, 70 B]");
  });
});
