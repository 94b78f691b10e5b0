import { BaseAgent, ToolRegistry, type ToolCallContext, builtinTool, currentToolCall, p, tool } from "toolwright";

// The handler's context is made only when something reads it: the handler's second argument (for a handler that can
// see one), currentToolCall(), a tracked call. What each handler sees is unchanged, whichever way it reads it.
describe("the call context, made when read", () => {
  it("is the same object as the second argument and from currentToolCall(), in every form a handler can take", async () => {
    const registry = new ToolRegistry();
    const seen: Record<string, [unknown, ToolCallContext]> = {};
    const keep = (name: string, second: unknown) => (seen[name] = [second, currentToolCall()]);
    registry.register("defaulted", (_args: object, context: unknown = "none") => void keep("defaulted", context), {
      description: "Defaulted",
      params: {},
    });
    registry.register(
      "rest",
      (...all: unknown[]) => {
        keep("rest", all[1]);
      },
      { description: "Rest", params: {} },
    );
    registry.register(
      "args",
      function (this: unknown) {
        // eslint-disable-next-line prefer-rest-params
        keep("args", arguments[1]);
      },
      { description: "Arguments", params: {} },
    );
    class Seen extends BaseAgent {
      @tool({ description: "Two", params: {} })
      two(_args: object, context: ToolCallContext) {
        keep("two", context);
      }
    }
    const agent = new Seen({ registry });
    for (const name of ["defaulted", "rest", "args", "two"]) {
      expect((await agent.callTool(name, {}, { callId: `id-${name}` })).ok).toBe(true);
      const [second, current] = seen[name]!;
      expect(second).toBe(current);
      expect(current).toMatchObject({ callId: `id-${name}`, agent, tool: expect.objectContaining({ name }) });
      expect(current.signal.aborted).toBe(false);
      expect(typeof current.reportProgress).toBe("function");
      expect(current.idempotencyKey).toMatch(/^tw1-[0-9a-f]{64}$/);
    }
  });

  it("is whole from currentToolCall() in a handler that takes no context, with or without a time limit", async () => {
    const contexts: ToolCallContext[] = [];
    class Plain extends BaseAgent {
      @tool({ description: "One parameter", params: { n: p.integer() } })
      one({ n }: { n: number }) {
        contexts.push(currentToolCall());
        return n;
      }

      @tool({ description: "One parameter, limited", params: { n: p.integer() }, timeoutMs: 60_000 })
      limited({ n }: { n: number }) {
        contexts.push(currentToolCall());
        return n;
      }

      @builtinTool({ description: "Positional", params: { n: p.integer() } })
      positional(n: number) {
        contexts.push(currentToolCall());
        return n;
      }
    }
    const agent = new Plain({ registry: new ToolRegistry() });
    for (const name of ["one", "limited", "positional"]) {
      expect((await agent.callTool(name, { n: 2 }, { callId: name })).content).toBe(2);
    }
    expect(contexts.map((c) => [c.callId, c.tool.name, c.agent, c.signal.aborted])).toEqual([
      ["one", "one", agent, false],
      ["limited", "limited", agent, false],
      ["positional", "positional", agent, false],
    ]);
    // The same call id and arguments give the same key, as when the context was made before the handler ran.
    expect(contexts[0]!.idempotencyKey).not.toBe(contexts[1]!.idempotencyKey);
  });
});
