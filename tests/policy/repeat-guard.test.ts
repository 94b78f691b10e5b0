import { BaseAgent, ErrorCode, ToolDefinitionError, ToolRegistry, p, renderToolResult, tool } from "toolwright";

function makeAgent() {
  const runs: string[] = [];
  class Reader extends BaseAgent {
    static override agentName = "repeat_reader";

    @tool({ description: "Read a page", params: { url: p.string() }, readOnly: true })
    read({ url }: { url: string }) {
      runs.push(url);
      return `contents of ${url}`;
    }

    @tool({ description: "Poll a job", params: { id: p.string() }, repeat: false })
    poll({ id }: { id: string }) {
      runs.push(`poll ${id}`);
      return "running";
    }

    @tool({ description: "Count", params: { n: p.integer() }, repeat: { nudgeAt: 2, refuseAt: 3 } })
    count({ n }: { n: number }) {
      runs.push(`count ${n}`);
      return n;
    }
  }
  return { agent: new Reader({ registry: new ToolRegistry() }), runs };
}

describe("the repeat guard", () => {
  it("notes the third identical call in a row of a session and refuses the fifth without running it", async () => {
    const { agent, runs } = makeAgent();
    const session = "conversation-1";
    const results = [];
    // Key order differs: identical means the same normalised arguments, not the same text.
    for (let i = 0; i < 5; i++) {
      const args = i % 2 === 0 ? '{"url":"https://a.example"}' : { url: "https://a.example" };
      results.push(await agent.callTool("read", args, { session }));
    }
    expect(results.slice(0, 2).map((r) => r.notice)).toEqual([undefined, undefined]);
    expect(results[2]!.ok).toBe(true);
    expect(results[2]!.notice).toContain("call 3 in a row");
    expect(results[2]!.notice).toContain("contents of https://a.example");
    // The model reads the note before the result, in every builder (renderToolResult is their text form).
    expect(renderToolResult(results[2]!)).toMatch(/^Note: this is call 3 in a row[\s\S]*\ncontents of https/);
    expect(results[3]!.notice).toContain("call 4 in a row");
    expect(results[4]).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.RepeatedCall } });
    expect(results[4]!.error!.message).toContain("contents of https://a.example");
    expect(runs).toHaveLength(4);
  });

  it("starts the streak again after a different call, and keeps sessions apart", async () => {
    const { agent, runs } = makeAgent();
    const call = (session: string, url = "u") => agent.callTool("read", { url }, { session });
    for (let i = 0; i < 4; i++) await call("a");
    await call("a", "other");
    expect((await call("a")).notice).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await call("b")).ok).toBe(true);
    expect((await call("a")).notice).toBeUndefined();
    expect(runs).toHaveLength(11);
  });

  it("leaves calls without a session alone, and tools with repeat: false", async () => {
    const { agent, runs } = makeAgent();
    for (let i = 0; i < 6; i++) {
      expect((await agent.callTool("read", { url: "u" })).notice).toBeUndefined();
      expect((await agent.callTool("poll", { id: "j" }, { session: "s" })).ok).toBe(true);
    }
    expect(runs).toHaveLength(12);
  });

  it("uses a tool's own thresholds, and a refused call keeps the streak going", async () => {
    const { agent } = makeAgent();
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await agent.callTool("count", { n: 1 }, { session: "s" })).outcome);
    expect(outcomes).toEqual(["success", "success", "denied", "denied"]);
  });

  it("counts a batch's calls in the batch's session", async () => {
    const { agent } = makeAgent();
    const call = { id: "c", name: "count", arguments: '{"n":2}' };
    const results = await agent.runToolCalls(
      [call, call, call].map((c, i) => ({ ...c, id: `c${i}` })),
      {
        session: "batch",
      },
    );
    expect(results.map((r) => r.outcome)).toEqual(["success", "success", "denied"]);
  });

  it("refuses thresholds that cannot work at definition", () => {
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "x", repeat: { nudgeAt: 4, refuseAt: 2 } })
        x() {}
      }
      return Bad;
    }).toThrow(/`repeat` must be false or \{ nudgeAt, refuseAt \}.*got \{ nudgeAt: 4, refuseAt: 2 \}/);
    expect(() => {
      class Bad extends BaseAgent {
        // @ts-expect-error -- not an option of the guard
        @tool({ description: "x", repeat: { nudgeAt: 2, refuseAt: 3, window: 5 } })
        x() {}
      }
      return Bad;
    }).toThrow(ToolDefinitionError);
  });

  it("refuses a session that is no non-empty string", async () => {
    const { agent } = makeAgent();
    await expect(agent.callTool("read", { url: "u" }, { session: "" })).rejects.toThrow(
      /`session` must be a non-empty string of at most 256 characters/,
    );
  });
});
