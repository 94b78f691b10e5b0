import { awaitAllCallbacks } from "@langchain/core/callbacks/promises";
import { ToolMessage } from "@langchain/core/messages";
import { RunnableLambda } from "@langchain/core/runnables";
import { LANGCHAIN_PROGRESS_EVENT, toLangChainTools } from "toolwright/langchain";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

class Crawler extends BaseAgent {
  static override agentName = "crawler";

  @tool({ description: "Crawl pages", params: { pages: p.integer() } })
  async *crawl({ pages }: { pages: number }) {
    for (let i = 1; i <= pages; i++) yield { progress: i, total: pages, message: `page ${i}` };
    return `crawled ${pages} pages`;
  }
}

function crawlTool() {
  return toLangChainTools(new Crawler({ registry: new ToolRegistry() })).find((t) => t.name === "crawl")!;
}

describe("LangChain streamed tool events from toolwright progress", () => {
  it("dispatches each progress update as a custom event of the tool's run to a callback handler", async () => {
    const events: { name: string; data: unknown; runId: string }[] = [];
    const toolRuns: string[] = [];
    const handler = {
      handleToolStart: (_tool: unknown, _input: string, runId: string) => void toolRuns.push(runId),
      handleCustomEvent: (name: string, data: unknown, runId: string) => void events.push({ name, data, runId }),
    };
    const message = await crawlTool().invoke(
      { type: "tool_call", id: "call-7", name: "crawl", args: { pages: 2 } },
      { callbacks: [handler] },
    );
    await awaitAllCallbacks();
    expect(ToolMessage.isInstance(message) && message.content).toBe("crawled 2 pages");
    expect(events).toEqual([
      {
        name: LANGCHAIN_PROGRESS_EVENT,
        data: { progress: 1, total: 2, message: "page 1", toolName: "crawl", callId: "call-7" },
        runId: toolRuns[0],
      },
      {
        name: LANGCHAIN_PROGRESS_EVENT,
        data: { progress: 2, total: 2, message: "page 2", toolName: "crawl", callId: "call-7" },
        runId: toolRuns[0],
      },
    ]);
  });

  it("shows progress as on_custom_event in streamEvents of a chain that calls the tool", async () => {
    const crawl = crawlTool();
    const chain = RunnableLambda.from(async (pages: number, config) => crawl.invoke({ pages }, config));
    const custom: unknown[] = [];
    for await (const event of chain.streamEvents(3, { version: "v2" })) {
      if (event.event === "on_custom_event" && event.name === LANGCHAIN_PROGRESS_EVENT) custom.push(event.data);
    }
    expect(custom).toMatchObject([{ progress: 1 }, { progress: 2 }, { progress: 3, total: 3 }]);
  });

  it("writes progress chunks to LangGraph's config.writer when the config carries one", async () => {
    const chunks: unknown[] = [];
    await crawlTool().invoke({ pages: 1 }, { writer: (chunk: unknown) => void chunks.push(chunk) } as object);
    expect(chunks).toEqual([
      {
        type: LANGCHAIN_PROGRESS_EVENT,
        progress: 1,
        total: 1,
        message: "page 1",
        toolName: "crawl",
        callId: expect.any(String),
      },
    ]);
  });
});
