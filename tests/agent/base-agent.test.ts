import { Ajv2020 } from "ajv/dist/2020.js";
import {
  BaseAgent,
  ErrorCode,
  ToolDefinitionError,
  ToolNotFoundError,
  ToolRegistry,
  type ToolEvent,
  builtinTool,
  currentToolCall,
  p,
  tool,
} from "toolwright";

class FileAgent extends BaseAgent {
  static override agentName = "file_agent";

  @tool({
    description: "Search for files matching a glob pattern",
    params: { pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }).default(10) },
    readOnly: true,
  })
  search({ pattern, maxResults }: { pattern: string; maxResults: number }) {
    return { pattern, maxResults };
  }

  @builtinTool({ description: "Read a file", params: { path: p.string() } })
  read(path: string) {
    if (path === "/missing") throw new Error(`ENOENT: no such file ${path}`);
    return `contents of ${path}`;
  }
}

function makeRegistry() {
  const registry = new ToolRegistry();
  registry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
    description: "Add two numbers",
    params: { a: p.number(), b: p.number() },
    allowedAgents: ["math_agent"],
  });
  registry.register("now", () => 1_700_000_000, { description: "Current time" });
  registry.register("nobody", () => 0, { description: "Locked", allowedAgents: [] });
  return registry;
}

describe("BaseAgent names and ids", () => {
  it("takes its name from static agentName, else the class name, else the constructor option", () => {
    const registry = new ToolRegistry();
    class Unnamed extends BaseAgent {}
    expect(new FileAgent({ registry }).name).toBe("file_agent");
    expect(new Unnamed({ registry }).name).toBe("Unnamed");
    expect(new FileAgent({ registry, name: "custom" }).name).toBe("custom");
  });

  it("does not let a subclass inherit its parent's agentName", () => {
    class Child extends FileAgent {}
    expect(new Child({ registry: new ToolRegistry() }).name).toBe("Child");
  });

  it("gives every instance its own UUID", () => {
    const registry = new ToolRegistry();
    const a = new FileAgent({ registry });
    const b = new FileAgent({ registry });
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
  });

  it("rejects a second class that claims a name already used in the registry", () => {
    const registry = new ToolRegistry();
    class Impostor extends BaseAgent {
      static override agentName = "file_agent";
    }
    new FileAgent({ registry });
    expect(() => new Impostor({ registry })).toThrow(/Agent name "file_agent" is already used by class FileAgent/);
  });
});

describe("BaseAgent access control", () => {
  it("lists its own tools plus the shared tools its name is allowed", () => {
    const registry = makeRegistry();
    expect(new FileAgent({ registry }).toolSpecs().map((s) => s.name)).toEqual(["search", "read", "now"]);
    class MathAgent extends BaseAgent {
      static override agentName = "math_agent";
    }
    expect(new MathAgent({ registry }).tools().map((t) => t.name)).toEqual(["add", "now"]);
  });

  it("denies a call of a shared tool its name is not allowed, listing what it may use", async () => {
    const result = await new FileAgent({ registry: makeRegistry() }).callTool("add", { a: 1, b: 2 });
    expect(result).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.PermissionDenied } });
    expect(result.error?.message).toBe(
      'Tool "add" is not available to agent "file_agent". Available tools: search, read, now.',
    );
  });

  it("denies a tool whose allowedAgents is empty", async () => {
    const result = await new FileAgent({ registry: makeRegistry() }).callTool("nobody", {});
    expect(result.outcome).toBe("denied");
  });

  it("reports an unknown tool with the tools that are available", async () => {
    const result = await new FileAgent({ registry: makeRegistry() }).callTool("delete_everything", {});
    expect(result).toMatchObject({ ok: false, outcome: "not_found", error: { code: ErrorCode.ToolNotFound } });
    expect(result.error?.message).toContain("Available tools: search, read, now.");
  });

  it("applies allowedAgents on an agent's own decorated tools as well", () => {
    class Guarded extends BaseAgent {
      static override agentName = "guarded";
      @tool({ description: "Admin only", allowedAgents: ["admin"] })
      wipe() {}
    }
    const registry = new ToolRegistry();
    expect(new Guarded({ registry }).toolSpecs()).toEqual([]);
    expect(new Guarded({ registry: new ToolRegistry(), name: "admin" }).toolSpecs().map((s) => s.name)).toEqual([
      "wipe",
    ]);
  });

  it("throws at construction when an own tool clashes with a visible shared tool, naming both", () => {
    const registry = new ToolRegistry();
    registry.register("search", () => [], { description: "Web search" });
    expect(() => new FileAgent({ registry })).toThrow(ToolDefinitionError);
    expect(() => new FileAgent({ registry })).toThrow(
      /own tool "search" \(method "search"\) and also sees the registry's tool "search"/,
    );
  });

  it("throws at registration when a new shared tool clashes with an existing agent's own tool", () => {
    const registry = new ToolRegistry();
    new FileAgent({ registry });
    expect(() => registry.register("read", () => "", { description: "Read a URL" })).toThrow(/own tool "read"/);
    expect(() =>
      registry.register("read", () => "", { description: "Read a URL", allowedAgents: ["web"] }),
    ).not.toThrow();
  });

  it("sees a shared tool registered after the agent was created", async () => {
    const registry = new ToolRegistry();
    const agent = new FileAgent({ registry });
    registry.register("ping", () => "pong", { description: "Ping" });
    expect((await agent.callTool("ping", {})).content).toBe("pong");
  });
});

describe("BaseAgent.callTool", () => {
  it("validates, fills defaults and returns the handler's value", async () => {
    const result = await new FileAgent({ registry: makeRegistry() }).callTool("search", '{"pattern":"*.ts"}', {
      callId: "call_1",
    });
    expect(result).toEqual({
      ok: true,
      outcome: "success",
      toolName: "search",
      callId: "call_1",
      content: { pattern: "*.ts", maxResults: 10 },
    });
  });

  it("names every failing field path and what is expected", async () => {
    const result = await new FileAgent({ registry: makeRegistry() }).callTool("search", { maxResults: 0, extra: 1 });
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.issues?.map((i) => `${i.path} ${i.message}`)).toEqual([
      "/pattern is required",
      "/extra is not an allowed property; allowed: pattern, maxResults",
      "/maxResults must be >= 1",
    ]);
    expect(result.error?.message).toContain("/maxResults must be >= 1");
  });

  it("treats null for an optional non-nullable field as absent", async () => {
    const result = await new FileAgent({ registry: makeRegistry() }).callTool("search", {
      pattern: "x",
      maxResults: null,
    });
    expect(result.content).toEqual({ pattern: "x", maxResults: 10 });
  });

  it("keeps null for a field whose schema allows it", async () => {
    const registry = new ToolRegistry();
    registry.register("nick", ({ nickname }: { nickname?: string | null }) => nickname, {
      description: "Nickname",
      params: { nickname: p.nullable(p.string()).optional() },
    });
    const agent = new FileAgent({ registry });
    expect((await agent.callTool("nick", { nickname: null })).content).toBeNull();
  });

  it("returns a failed result with the error's message when the handler throws, and emits the original error", async () => {
    const agent = new FileAgent({ registry: makeRegistry() });
    const events: ToolEvent[] = [];
    agent.on("error", (event) => void events.push(event));
    const result = await agent.callTool("read", { path: "/missing" });
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: ErrorCode.ToolFailed } });
    expect(result.error?.message).toBe('Tool "read" failed: ENOENT: no such file /missing');
    expect(events).toHaveLength(1);
    expect((events[0]?.error as Error).message).toBe("ENOENT: no such file /missing");
  });

  it("reports an unknown tool on the error event too", async () => {
    const agent = new FileAgent({ registry: makeRegistry() });
    const errors: unknown[] = [];
    agent.on("error", (event) => void errors.push(event.error));
    await agent.callTool("nope", {});
    expect(errors[0]).toBeInstanceOf(ToolNotFoundError);
  });

  it.each([
    ["a BigInt", () => 10n, /returned a BigInt/],
    ["a function", () => () => 1, /returned a function/],
    [
      "a cycle",
      () => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      },
      /returned a value JSON cannot encode/,
    ],
  ])("fails with INVALID_RESULT when the handler returns %s", async (_case, handler, message) => {
    const registry = new ToolRegistry();
    registry.register("odd", handler, { description: "Odd result" });
    const result = await new FileAgent({ registry }).callTool("odd", {});
    expect(result.error?.code).toBe(ErrorCode.InvalidResult);
    expect(result.error?.message).toMatch(message);
  });

  it("answers no content for a handler that returns nothing", async () => {
    const registry = new ToolRegistry();
    registry.register("noop", () => undefined, { description: "Nothing" });
    const result = await new FileAgent({ registry }).callTool("noop", {});
    expect(result).toMatchObject({ ok: true, content: undefined });
    expect("content" in result && result.content).toBeUndefined();
  });

  it("lets a handler read its call context", async () => {
    class Introspective extends BaseAgent {
      @tool({ description: "Who am I" })
      whoAmI() {
        const call = currentToolCall();
        return { agent: call.agent?.name, callId: call.callId, tool: call.tool.name, aborted: call.signal.aborted };
      }
    }
    const result = await new Introspective({ registry: new ToolRegistry() }).callTool("whoAmI", {}, { callId: "c9" });
    expect(result.content).toEqual({ agent: "Introspective", callId: "c9", tool: "whoAmI", aborted: false });
  });
});

describe("BaseAgent cost", () => {
  it("does no schema work per instance and compiles a validator only on a tool's first call", async () => {
    const compile = jest.spyOn(Ajv2020.prototype, "compile");
    try {
      const registry = new ToolRegistry();
      const agents = Array.from({ length: 1_000 }, () => new FileAgent({ registry }));
      expect(compile).not.toHaveBeenCalled();
      const first = agents[0]!.tools()[0]!;
      for (const agent of agents) expect(agent.tools()[0]!.inputSchema).toBe(first.inputSchema);
      await agents[0]!.callTool("search", { pattern: "a" });
      await agents[999]!.callTool("search", { pattern: "b" });
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
  });
});
