import {
  BaseAgent,
  ToolDefinitionError,
  ToolNotFoundError,
  ToolPermissionError,
  ToolRegistry,
  ToolValidationError,
  p,
} from "toolwright";

const addSchema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
} as const;

function makeRegistry() {
  const registry = new ToolRegistry();
  registry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
    description: "Add two numbers",
    inputSchema: addSchema,
  });
  return registry;
}

describe("ToolRegistry.register", () => {
  it("registers a handler under the given name", () => {
    const registry = makeRegistry();
    expect(registry.has("add")).toBe(true);
    expect(registry.get("add")).toMatchObject({ name: "add", description: "Add two numbers", inputSchema: addSchema });
  });

  it("defaults the name to the handler's function name", () => {
    const registry = new ToolRegistry();
    function multiply({ a, b }: { a: number; b: number }) {
      return a * b;
    }
    registry.register(multiply, { description: "Multiply", params: { a: p.number(), b: p.number() } });
    expect(registry.has("multiply")).toBe(true);
  });

  it("throws when the tool has no name at all", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(() => 1, { description: "Anonymous" })).toThrow(/the tool has no name/);
  });

  it("registers through the decorator form", async () => {
    const registry = new ToolRegistry();
    const greet = registry.register({ description: "Greet", params: { who: p.string() } })(function greet({
      who,
    }: {
      who: string;
    }) {
      return `hello ${who}`;
    });
    expect(typeof greet).toBe("function");
    expect((await registry.dispatch("greet", { who: "ada" })).content).toBe("hello ada");
  });

  it("registers a static method through the decorator form, bound to its class", async () => {
    const registry = new ToolRegistry();
    class Clock {
      static offset = 5;
      @registry.register({ name: "now", description: "Current time" })
      static now() {
        return 1000 + this.offset;
      }
    }
    expect(Clock.offset).toBe(5);
    expect((await registry.dispatch("now", {})).content).toBe(1005);
  });

  it("throws on a duplicate name", () => {
    const registry = makeRegistry();
    expect(() => registry.register("add", () => 0, { description: "again" })).toThrow(ToolDefinitionError);
    expect(() => registry.register("add", () => 0, { description: "again" })).toThrow(/already registered/);
  });

  it("adds a ready-made tool object", async () => {
    const registry = new ToolRegistry();
    registry.add({
      name: "echo",
      description: "Echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      handler: (args) => args.text,
    });
    expect((await registry.dispatch("echo", { text: "hi" })).content).toBe("hi");
    expect(() => registry.add(registry.get("echo"))).toThrow(/already registered/);
  });

  it("lists specs as name, description and inputSchema", () => {
    expect(makeRegistry().specs()).toEqual([{ name: "add", description: "Add two numbers", inputSchema: addSchema }]);
  });

  it("throws a definition error naming the tool for a broken hand-written schema", () => {
    const registry = new ToolRegistry();
    const register = () =>
      registry.register("bad", () => 1, {
        description: "Broken",
        inputSchema: { type: "object", properties: { n: { type: "number", minimum: "one" } } },
      });
    expect(register).toThrow(ToolDefinitionError);
    expect(register).toThrow(/register\("bad"\): the input schema is not valid JSON Schema/);
  });
});

describe("ToolRegistry.get", () => {
  it("throws ToolNotFoundError listing the registered tools for an unknown name", () => {
    const registry = makeRegistry();
    expect(() => registry.get("sub")).toThrow(ToolNotFoundError);
    expect(() => registry.get("sub")).toThrow('Tool "sub" does not exist. Available tools: add.');
  });
});

describe("ToolRegistry.dispatch", () => {
  it("returns the value of a sync handler as content", async () => {
    const result = await makeRegistry().dispatch("add", { a: 2, b: 3 });
    expect(result).toMatchObject({ ok: true, outcome: "success", toolName: "add", content: 5 });
  });

  it("returns the value of an async handler as content", async () => {
    const registry = new ToolRegistry();
    registry.register("later", async () => ({ done: true }), { description: "Async" });
    expect((await registry.dispatch("later", {})).content).toEqual({ done: true });
  });

  it("passes a ToolResult returned by the handler through", async () => {
    const registry = new ToolRegistry();
    registry.register(
      "custom",
      () => ({
        ok: false,
        outcome: "failed",
        toolName: "x",
        callId: "y",
        error: { code: "TOOL_FAILED", message: "no disk" },
      }),
      { description: "Custom result" },
    );
    const result = await registry.dispatch("custom", {}, { callId: "call-1" });
    expect(result).toMatchObject({ ok: false, outcome: "failed", toolName: "custom", callId: "call-1" });
    expect(result.error?.message).toBe("no disk");
  });

  it("accepts the arguments as JSON text", async () => {
    expect((await makeRegistry().dispatch("add", '{"a":1,"b":1}')).content).toBe(2);
  });

  it("throws ToolNotFoundError for an unknown tool", async () => {
    await expect(makeRegistry().dispatch("nope", {})).rejects.toBeInstanceOf(ToolNotFoundError);
  });

  it.each([
    ["non-object arguments", [1, 2], "", "type"],
    ["null arguments", "null", "", "type"],
    ["a missing required field", { a: 1 }, "/b", "required"],
    ["malformed JSON", '{"a": 1,', "", "json"],
  ])("throws ToolValidationError for %s", async (_case, args, path, keyword) => {
    const error = await makeRegistry()
      .dispatch("add", args)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolValidationError);
    expect((error as ToolValidationError).issues[0]).toMatchObject({ path, keyword });
  });

  it("throws ToolValidationError for an extra field under additionalProperties: false", async () => {
    const registry = new ToolRegistry();
    registry.register("closed", () => 1, { description: "Closed", params: { a: p.number() } });
    const error = (await registry.dispatch("closed", { a: 1, b: 2 }).catch((e: unknown) => e)) as ToolValidationError;
    expect(error).toBeInstanceOf(ToolValidationError);
    expect(error.issues).toEqual([
      { path: "/b", keyword: "additionalProperties", message: "is not an allowed property; allowed: a" },
    ]);
  });

  it("includes the JSON parser's message for malformed JSON", async () => {
    const error = (await makeRegistry()
      .dispatch("add", "{oops}")
      .catch((e: unknown) => e)) as ToolValidationError;
    expect(error.message).toMatch(/is not valid JSON \(.+\)/);
  });

  it("never calls the handler when validation fails", async () => {
    const registry = new ToolRegistry();
    const handler = jest.fn(() => 1);
    registry.register("guarded", handler, { description: "Guarded", params: { n: p.integer({ minimum: 0 }) } });
    await expect(registry.dispatch("guarded", { n: -1 })).rejects.toBeInstanceOf(ToolValidationError);
    expect(handler).not.toHaveBeenCalled();
  });

  it("throws ToolPermissionError when the calling agent is not allowed", async () => {
    const registry = new ToolRegistry();
    registry.register("secret", () => 1, { description: "Secret", allowedAgents: ["admin"] });
    await expect(registry.dispatch("secret", {}, { agent: "guest" })).rejects.toBeInstanceOf(ToolPermissionError);
    expect((await registry.dispatch("secret", {}, { agent: "admin" })).content).toBe(1);
  });
});

describe("ToolRegistry.checkPermission", () => {
  it("admits every agent when allowedAgents is omitted and none when it is empty", () => {
    const registry = new ToolRegistry();
    registry.register("open", () => 1, { description: "Open" });
    registry.register("closed", () => 1, { description: "Closed", allowedAgents: [] });
    expect(registry.checkPermission("anyone", "open")).toBe(true);
    expect(registry.checkPermission("anyone", "closed")).toBe(false);
  });

  it("translates an agent id to its name", () => {
    const registry = new ToolRegistry();
    registry.register("math", () => 1, { description: "Math", allowedAgents: ["math_agent"] });
    class MathAgent extends BaseAgent {
      static override agentName = "math_agent";
    }
    const agent = new MathAgent({ registry });
    expect(registry.checkPermission(agent.id, "math")).toBe(true);
    expect(registry.checkPermission("other", "math")).toBe(false);
  });

  it("answers for an agent's own tools too", () => {
    const registry = new ToolRegistry();
    class Own extends BaseAgent {
      static override agentName = "own";
    }
    const agent = new Own({ registry });
    expect(registry.checkPermission(agent.id, "missing")).toBe(false);
  });
});

describe("ToolRegistry.unregister", () => {
  it("removes a tool so that agents no longer see or call it, and frees its name", async () => {
    const registry = makeRegistry();
    class Calc extends BaseAgent {}
    const agent = new Calc({ registry });
    expect(agent.toolSpecs().map((s) => s.name)).toEqual(["add"]);
    expect(registry.unregister("add")).toBe(true);
    expect(registry.unregister("add")).toBe(false);
    expect(agent.toolSpecs()).toEqual([]);
    expect((await agent.callTool("add", { a: 1, b: 2 })).outcome).toBe("not_found");
    expect(() => registry.register("add", () => 0, { description: "again" })).not.toThrow();
  });
});
