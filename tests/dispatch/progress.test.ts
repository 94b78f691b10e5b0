import {
  BaseAgent,
  BaseTool,
  ToolRegistry,
  builtinTool,
  p,
  tool,
  type ToolCallContext,
  type ToolProgressEvent,
  type ToolProgressNotice,
} from "toolwright";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Indexer extends BaseAgent {
  static override agentName = "indexer";

  @tool({ description: "Index files", params: { files: p.integer() } })
  async *index({ files }: { files: number }) {
    for (let i = 1; i <= files; i++) yield { progress: i, total: files, message: `file ${i}` };
    return { indexed: files };
  }

  @builtinTool({ description: "Count", params: { n: p.integer() } })
  async *count(n: number) {
    yield { progress: 0, total: n };
    yield { partial: [1] };
    return n;
  }

  @tool({ description: "Copy", params: {} })
  async copy(_args: object, context: ToolCallContext) {
    context.reportProgress({ progress: 1, total: 2 });
    await sleep(1);
    const { reportProgress } = context; // destructured: still bound to its call
    reportProgress({ progress: 2, total: 2, message: "done" });
    return "copied";
  }
}

function collect() {
  const seen: ToolProgressEvent[] = [];
  return { seen, onProgress: (e: ToolProgressEvent) => void seen.push(e) };
}

describe("progress", () => {
  it("turns each yield of an async * @tool method into a progress event and its return value into the result", async () => {
    const registry = new ToolRegistry();
    const agent = new Indexer({ registry });
    const { seen, onProgress } = collect();
    const result = await agent.callTool("index", { files: 3 }, { callId: "c1", onProgress });
    expect(result).toMatchObject({ ok: true, content: { indexed: 3 } });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "file 1", toolName: "index", callId: "c1" },
      { progress: 2, total: 3, message: "file 2", toolName: "index", callId: "c1" },
      { progress: 3, total: 3, message: "file 3", toolName: "index", callId: "c1" },
    ]);
  });

  it("surfaces a yield that is not a progress object as a preliminary value with the last progress", async () => {
    const agent = new Indexer({ registry: new ToolRegistry() });
    const { seen, onProgress } = collect();
    const result = await agent.callTool("count", { n: 2 }, { callId: "c2", onProgress });
    expect(result).toMatchObject({ ok: true, content: 2 });
    expect(seen).toEqual([
      { progress: 0, total: 2, toolName: "count", callId: "c2" },
      { progress: 0, total: 2, toolName: "count", callId: "c2", preliminary: { partial: [1] } },
    ]);
  });

  it("hands context.reportProgress updates of any handler to onProgress and to agent and registry listeners", async () => {
    const registry = new ToolRegistry();
    const agent = new Indexer({ registry });
    const mine: ToolProgressNotice[] = [];
    const shared: ToolProgressNotice[] = [];
    agent.on("progress", (e) => void mine.push(e));
    registry.on("progress", (e) => void shared.push(e));
    const { seen, onProgress } = collect();
    await agent.callTool("copy", {}, { callId: "c3", onProgress });
    expect(seen.map((e) => e.progress)).toEqual([1, 2]);
    expect(mine).toHaveLength(2);
    expect(mine[1]).toEqual({
      event: "progress",
      progress: 2,
      total: 2,
      message: "done",
      toolName: "copy",
      callId: "c3",
      agent,
    });
    expect(shared).toEqual(mine);
  });

  it("isolates a throwing or rejecting onProgress and progress listener: the call ends as it would", async () => {
    const registry = new ToolRegistry();
    const agent = new Indexer({ registry });
    const later: number[] = [];
    agent.on("progress", () => {
      throw new Error("listener broke");
    });
    agent.on("progress", async () => Promise.reject(new Error("async listener broke")));
    agent.on("progress", (e) => void later.push(e.progress));
    const result = await agent.callTool(
      "index",
      { files: 2 },
      {
        onProgress: () => {
          throw new Error("onProgress broke");
        },
      },
    );
    expect(result).toMatchObject({ ok: true, content: { indexed: 2 } });
    expect(later).toEqual([1, 2]);
  });

  it("drops invalid progress (NaN, negative, above total, going back) with one warning per tool", async () => {
    const registry = new ToolRegistry();
    registry.register(
      "bad_progress",
      async function* () {
        yield { progress: Number.NaN };
        yield { progress: -1 };
        yield { progress: 5, total: 3 };
        yield { progress: 2 };
        yield { progress: 1 };
        return "ok";
      },
      { description: "Reports nonsense" },
    );
    const warn = jest.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      const { seen, onProgress } = collect();
      const result = await registry.dispatch("bad_progress", {}, { onProgress });
      expect(result).toMatchObject({ ok: true, content: "ok" });
      expect(seen.map((e) => e.progress)).toEqual([2]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        expect.stringMatching(/tool "bad_progress": progress must be a finite number of at least 0; got NaN/),
        { code: "TOOLWRIGHT_INVALID_PROGRESS" },
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("runs a BaseTool whose run is an async generator, detected at definition", async () => {
    class Download extends BaseTool {
      constructor() {
        super({ name: "download", description: "Download", params: {} });
      }
      async *run() {
        yield { progress: 50, total: 100 };
        return "bytes";
      }
    }
    const registry = new ToolRegistry();
    registry.add(new Download());
    const { seen, onProgress } = collect();
    expect(await registry.dispatch("download", {}, { onProgress })).toMatchObject({ ok: true, content: "bytes" });
    expect(seen).toMatchObject([{ progress: 50, total: 100, toolName: "download" }]);
  });

  it("drives a generator returned by a plain function handler too (detected at call)", async () => {
    const registry = new ToolRegistry();
    async function* steps() {
      yield { progress: 1 };
      return "done";
    }
    registry.register("wrapped", () => steps(), { description: "Wrapped" });
    const { seen, onProgress } = collect();
    expect(await registry.dispatch("wrapped", {}, { onProgress })).toMatchObject({ ok: true, content: "done" });
    expect(seen).toHaveLength(1);
  });

  it("validates a generator's return value against returns as any result", async () => {
    const registry = new ToolRegistry();
    registry.register(
      "typed",
      // @ts-expect-error: the wrong result is on purpose; register's types refuse it, dispatch must too.
      async function* () {
        yield { progress: 1 };
        return { count: "three" };
      },
      { description: "Typed", returns: { count: p.integer() } },
    );
    const result = await registry.dispatch("typed", {});
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: "INVALID_RESULT" } });
  });

  it("hands every call's progress of a runToolCalls batch to its onProgress, told apart by call id", async () => {
    const agent = new Indexer({ registry: new ToolRegistry() });
    const { seen, onProgress } = collect();
    await agent.runToolCalls(
      [
        { id: "a", name: "index", arguments: { files: 1 } },
        { id: "b", name: "copy", arguments: {} },
      ],
      { onProgress },
    );
    expect(seen.map((e) => `${e.callId}:${e.progress}`)).toEqual(["a:1", "b:1", "b:2"]);
  });

  it("makes the call context's reportProgress a no-op outside any dispatch", async () => {
    const agent = new Indexer({ registry: new ToolRegistry() });
    const copy = agent.tools().find((t) => t.name === "copy")!;
    await expect(copy.handler({})).resolves.toBe("copied");
  });
});
