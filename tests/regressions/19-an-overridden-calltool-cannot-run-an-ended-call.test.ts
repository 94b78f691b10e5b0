import { BaseAgent, type CallToolOptions, ToolRegistry, p, tool } from "toolwright";

// Issue 19 sent every exit through the pipeline's finish step, including calls a caller already answered (a batch
// call cancelled before it started, an entry that is no tool call). The first version did it by a `callTool` option:
// a subclass that overrides `callTool` and forwards only the options it knows dropped it, and the cancelled call ran.

class Quiet extends BaseAgent {
  static override agentName = "quiet";
  runs = 0;

  @tool({ description: "Query", params: { a: p.number() } })
  q({ a }: { a: number }) {
    this.runs += 1;
    return a;
  }
}

class Logged extends Quiet {
  override callTool(name: string, args: unknown, options: CallToolOptions = {}) {
    return super.callTool(name, args, { callId: options.callId, signal: options.signal });
  }
}

describe("a call a batch already answered (issue 19)", () => {
  it("does not run through a subclass's callTool that forwards only some options", async () => {
    const agent = new Logged({ registry: new ToolRegistry() });
    const results = await agent.runToolCalls([{ id: "y", name: "q", arguments: { a: 1 } }], {
      signal: AbortSignal.abort(),
    });
    expect(results.map((r) => r.outcome)).toEqual(["cancelled"]);
    expect(agent.runs).toBe(0);
  });
});

describe("a batch entry whose fields cannot be read (issue 19)", () => {
  it("answers for that entry and never rejects the batch", async () => {
    const agent = new Quiet({ registry: new ToolRegistry() });
    const throwing = {
      name: "q",
      get arguments(): unknown {
        throw new Error("getter");
      },
    };
    const unnamed = {
      get name(): string {
        throw new Error("no name");
      },
    };
    const results = await agent.runToolCalls([
      throwing,
      unnamed,
      { id: "ok", name: "q", arguments: { a: 2 } },
    ] as never);
    expect(results.map((r) => r.outcome)).toEqual(["invalid_arguments", "invalid_arguments", "success"]);
    expect(results[1]?.error?.message).toMatch(/cannot be read \(.*no name/);
    const cancelled = await agent.runToolCalls([throwing] as never, { signal: AbortSignal.abort() });
    expect(cancelled.map((r) => r.outcome)).toEqual(["invalid_arguments"]);
  });
});
