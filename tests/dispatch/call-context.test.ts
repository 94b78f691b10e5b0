import { BaseAgent, ToolRegistry, builtinTool, currentToolCall, p, tool } from "toolwright";
import { deferred } from "./runtime-helpers.js";

describe("currentToolCall", () => {
  it("returns each call's own context after awaits when calls of asyncContext tools overlap", async () => {
    const release = deferred();
    const seen = (tag: string) => async () => {
      await release.promise;
      const call = currentToolCall();
      return { tag, callId: call.callId, tool: call.tool.name, agent: call.agent?.name };
    };
    const registry = new ToolRegistry();
    const shared = seen("function");
    registry.register("shared_tool", () => shared(), { description: "Shared", readOnly: true, asyncContext: true });
    class Ctx extends BaseAgent {
      @tool({ description: "Decorated", params: { n: p.integer() }, readOnly: true, asyncContext: true })
      async decorated() {
        return seen("tool")();
      }
      @builtinTool({ description: "Builtin", params: { n: p.integer() }, readOnly: true, asyncContext: true })
      async builtin(n: number) {
        return { ...(await seen("builtin")()), n };
      }
    }
    const agent = new Ctx({ registry });
    const calls = [
      agent.callTool("decorated", { n: 1 }, { callId: "a" }),
      agent.callTool("builtin", { n: 2 }, { callId: "b" }),
      agent.callTool("shared_tool", {}, { callId: "c" }),
      agent.callTool("decorated", { n: 3 }, { callId: "d" }),
    ];
    release.resolve();
    const contents = (await Promise.all(calls)).map((result) => result.content);
    expect(contents).toEqual([
      { tag: "tool", callId: "a", tool: "decorated", agent: "Ctx" },
      { tag: "builtin", callId: "b", tool: "builtin", agent: "Ctx", n: 2 },
      { tag: "function", callId: "c", tool: "shared_tool", agent: "Ctx" },
      { tag: "tool", callId: "d", tool: "decorated", agent: "Ctx" },
    ]);
  });

  it("gives the handler the caller's abort through its signal when the call has a signal", async () => {
    const started = deferred();
    let signal: AbortSignal | undefined;
    class Ctx extends BaseAgent {
      @tool({ description: "Waits" })
      wait() {
        signal = currentToolCall().signal;
        started.resolve();
        return new Promise(() => {});
      }
    }
    const controller = new AbortController();
    const result = new Ctx({ registry: new ToolRegistry() }).callTool("wait", {}, { signal: controller.signal });
    await started.promise;
    expect(signal?.aborted).toBe(false);
    controller.abort("stop");
    expect(await result).toMatchObject({ outcome: "cancelled" });
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe("stop");
  });

  it("ends with cancelled before the handler runs when the signal is already aborted", async () => {
    const handler = jest.fn();
    const registry = new ToolRegistry();
    registry.register("noop", handler, { description: "Noop" });
    class Ctx extends BaseAgent {}
    const result = await new Ctx({ registry }).callTool("noop", {}, { signal: AbortSignal.abort("gone") });
    expect(result.outcome).toBe("cancelled");
    expect(result.error?.message).toContain("before it started: gone");
    expect(handler).not.toHaveBeenCalled();
  });

  it("throws when it is called outside a tool call", () => {
    expect(() => currentToolCall()).toThrow(/outside a tool call/);
  });
});
