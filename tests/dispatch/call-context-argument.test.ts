import { AsyncLocalStorage } from "node:async_hooks";
import { BaseAgent, BaseTool, ToolRegistry, type ToolCallContext, currentToolCall, p, tool } from "toolwright";

describe("the call context", () => {
  afterEach(() => jest.restoreAllMocks());

  it("is the second argument of @tool methods, registered functions and BaseTool.run", async () => {
    const seen: ToolCallContext[] = [];
    const registry = new ToolRegistry();
    registry.register("fn_tool", (_args: object, context: ToolCallContext) => void seen.push(context), {
      description: "Function",
      params: {},
    });
    class Runner extends BaseTool {
      constructor() {
        super({ name: "class_tool", description: "Class", params: {} });
      }
      run(_args: object, context: ToolCallContext) {
        seen.push(context);
      }
    }
    registry.register(new Runner());
    class Ctx extends BaseAgent {
      static override agentName = "ctx_agent";
      @tool({ description: "Decorated", params: { n: p.integer() } })
      decorated({ n }: { n: number }, context: ToolCallContext) {
        seen.push(context);
        return n;
      }
    }
    const agent = new Ctx({ registry });
    await agent.callTool("decorated", { n: 1 }, { callId: "a" });
    await agent.callTool("fn_tool", {}, { callId: "b" });
    await agent.callTool("class_tool", {}, { callId: "c" });
    expect(seen.map((c) => [c.callId, c.tool.name, c.agent?.name, c.signal.aborted])).toEqual([
      ["a", "decorated", "ctx_agent", false],
      ["b", "fn_tool", "ctx_agent", false],
      ["c", "class_tool", "ctx_agent", false],
    ]);
  });

  it("carries the caller's signal, which the handler can still read after an await", async () => {
    let signal: AbortSignal | undefined;
    class Ctx extends BaseAgent {
      @tool({ description: "Waits", params: {} })
      async wait(_args: object, context: ToolCallContext) {
        await Promise.resolve();
        signal = context.signal;
        return new Promise(() => {});
      }
    }
    const controller = new AbortController();
    const result = new Ctx({ registry: new ToolRegistry() }).callTool("wait", {}, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort("stop");
    expect(await result).toMatchObject({ outcome: "cancelled" });
    expect(signal?.aborted).toBe(true);
  });

  it("is returned by currentToolCall() before the first await of a tool without asyncContext", async () => {
    class Ctx extends BaseAgent {
      @tool({ description: "Reads", params: {} })
      async read(_args: object, context: ToolCallContext) {
        const before = currentToolCall();
        await Promise.resolve();
        let after: string;
        try {
          after = currentToolCall().callId;
        } catch (error) {
          after = (error as Error).message;
        }
        return { same: before === context, after };
      }
    }
    const result = await new Ctx({ registry: new ToolRegistry() }).callTool("read", {}, { callId: "x" });
    expect(result.content).toEqual({ same: true, after: expect.stringMatching(/asyncContext: true/) });
  });

  it("uses no AsyncLocalStorage for a tool without asyncContext, and uses it for one with it", async () => {
    const run = jest.spyOn(AsyncLocalStorage.prototype, "run");
    class Ctx extends BaseAgent {
      @tool({ description: "Plain", params: {} })
      plain() {
        return currentToolCall().callId;
      }
      @tool({ description: "Tracked", params: {}, asyncContext: true })
      async tracked() {
        await Promise.resolve();
        return currentToolCall().callId;
      }
    }
    const agent = new Ctx({ registry: new ToolRegistry() });
    expect((await agent.callTool("plain", {}, { callId: "p" })).content).toBe("p");
    expect(run).not.toHaveBeenCalled();
    expect((await agent.callTool("tracked", {}, { callId: "t" })).content).toBe("t");
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("gives a nested call its own context after an await, inside a tracked parent", async () => {
    class Ctx extends BaseAgent {
      @tool({ description: "Parent", params: {}, asyncContext: true, readOnly: true })
      async parent() {
        await Promise.resolve();
        const child = await this.callTool("child", {}, { callId: "child-call" });
        return { child: child.content, parent: currentToolCall().callId };
      }
      @tool({ description: "Child", params: {}, readOnly: true })
      async child() {
        await Promise.resolve();
        return currentToolCall().callId;
      }
    }
    const result = await new Ctx({ registry: new ToolRegistry() }).callTool("parent", {}, { callId: "parent-call" });
    expect(result.content).toEqual({ child: "child-call", parent: "parent-call" });
  });

  it("is made up for a handler taken out of tools() and called directly", async () => {
    class Ctx extends BaseAgent {
      static override agentName = "direct_agent";
      @tool({ description: "Echo", params: {} })
      echo(_args: object, context: ToolCallContext) {
        return [context.tool.name, context.agent?.name, context.signal.aborted, typeof context.callId];
      }
    }
    const echo = new Ctx({ registry: new ToolRegistry() }).tools().find((t) => t.name === "echo")!;
    expect(await echo.handler({})).toEqual(["echo", "direct_agent", false, "string"]);
  });
});
