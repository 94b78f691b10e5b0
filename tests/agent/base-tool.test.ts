import { z } from "zod";
import {
  BaseAgent,
  BaseTool,
  ErrorCode,
  type InferArgs,
  ToolDefinitionError,
  ToolRegistry,
  type ToolCallContext,
  p,
  toMcpTools,
  toOpenAITools,
  tool,
} from "toolwright";

/** A search backend, standing in for the dependency a real tool would be given. */
class FakeIndex {
  readonly queries: string[] = [];
  search(query: string, limit: number) {
    this.queries.push(query);
    return Array.from({ length: limit }, (_, i) => `${query} #${i + 1}`);
  }
}

const searchParams = { query: p.string("What to look for"), limit: p.integer({ minimum: 1 }).default(2) };

class WebSearch extends BaseTool<typeof searchParams> {
  readonly contexts: ToolCallContext[] = [];
  constructor(
    private readonly index: FakeIndex,
    allowedAgents?: readonly string[],
  ) {
    super({
      name: "web_search",
      description: "Search the web",
      params: searchParams,
      readOnly: true,
      ...(allowedAgents ? { allowedAgents } : {}),
    });
  }
  run({ query, limit }: InferArgs<typeof searchParams>, context: ToolCallContext) {
    this.contexts.push(context);
    return this.index.search(query, limit);
  }
}

describe("BaseTool", () => {
  it("runs with validated arguments, defaults filled in, and its call context when registered in a registry", async () => {
    const registry = new ToolRegistry();
    const index = new FakeIndex();
    const search = new WebSearch(index, ["researcher"]);
    registry.add(search);
    class Researcher extends BaseAgent {
      static override agentName = "researcher";
    }
    const agent = new Researcher({ registry });

    const result = await agent.callTool("web_search", '{"query":"toolwright"}', { callId: "call_1" });

    expect(result).toMatchObject({ ok: true, content: ["toolwright #1", "toolwright #2"], callId: "call_1" });
    expect(index.queries).toEqual(["toolwright"]);
    expect(search.contexts[0]).toMatchObject({ callId: "call_1", agent: { name: "researcher", id: agent.id } });
    expect(search.contexts[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it("never reaches run when the arguments are invalid", async () => {
    const registry = new ToolRegistry();
    const index = new FakeIndex();
    registry.add(new WebSearch(index));
    class Anyone extends BaseAgent {}
    const result = await new Anyone({ registry }).callTool("web_search", { query: "x", limit: 0 });
    expect(result.error?.code).toBe(ErrorCode.InvalidArguments);
    expect(result.error?.issues?.map((i) => i.path)).toEqual(["/limit"]);
    expect(index.queries).toEqual([]);
  });

  it("is hidden from and refused to agents its allowedAgents leaves out", async () => {
    const registry = new ToolRegistry();
    registry.add(new WebSearch(new FakeIndex(), ["researcher"]));
    class Writer extends BaseAgent {}
    const writer = new Writer({ registry });
    expect(writer.toolSpecs().map((s) => s.name)).toEqual([]);
    expect((await writer.callTool("web_search", { query: "x" })).ok).toBe(false);
    expect(registry.checkPermission("Writer", "web_search")).toBe(false);
    expect(registry.checkPermission("researcher", "web_search")).toBe(true);
  });

  it("registers through register(tool) too, and refuses a second tool of the same name", () => {
    const registry = new ToolRegistry();
    const registered = registry.register(new WebSearch(new FakeIndex()));
    expect(registered).toMatchObject({ name: "web_search", readOnly: true });
    expect(registry.specs().map((s) => s.name)).toEqual(["web_search"]);
    expect(() => registry.add(new WebSearch(new FakeIndex()))).toThrow(ToolDefinitionError);
  });

  it("exposes its name, model description and frozen input schema", () => {
    class Clock extends BaseTool {
      constructor() {
        super({ description: "Current time", guidelines: "Use for timestamps." });
      }
      run() {
        return 0;
      }
    }
    const clock = new Clock();
    expect(clock.name).toBe("Clock");
    expect(clock.description).toBe("Current time\n\nUse for timestamps.");
    expect(clock.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect(Object.isFrozen(clock.inputSchema)).toBe(true);
  });

  it("accepts a raw inputSchema", async () => {
    class Echo extends BaseTool {
      constructor() {
        super({
          name: "echo",
          description: "Echo a word",
          inputSchema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
        });
      }
      run(args: { word?: unknown }) {
        return args.word;
      }
    }
    const registry = new ToolRegistry();
    registry.add(new Echo());
    await expect(registry.dispatch("echo", { word: "hi" })).resolves.toMatchObject({ ok: true, content: "hi" });
  });

  it("validates with a Standard Schema (zod) and hands run its output", async () => {
    const input = z.object({
      word: z
        .string()
        .min(1)
        .transform((w) => w.toUpperCase()),
    });
    class Shout extends BaseTool {
      constructor() {
        super({ name: "shout", description: "Shout a word", params: input });
      }
      run(args: z.output<typeof input>) {
        return args.word;
      }
    }
    const shout = new Shout();
    expect(shout.inputSchema).toMatchObject({ type: "object", properties: { word: { type: "string", minLength: 1 } } });
    const registry = new ToolRegistry();
    registry.add(shout);
    await expect(registry.dispatch("shout", { word: "hey" })).resolves.toMatchObject({ ok: true, content: "HEY" });
    await expect(registry.dispatch("shout", { word: "" })).rejects.toThrow(/word/);
  });

  it("throws ToolDefinitionError naming the class when its options are wrong, at construction", () => {
    class NoDescription extends BaseTool {
      constructor() {
        super({ description: "" });
      }
      run() {}
    }
    class BadName extends BaseTool {
      constructor() {
        super({ name: "web search", description: "Search" });
      }
      run() {}
    }
    class BrokenSchema extends BaseTool {
      constructor() {
        super({ description: "Broken", inputSchema: { type: "object", properties: { a: { type: "strin" } } } });
      }
      run() {}
    }
    expect(() => new NoDescription()).toThrow(/NoDescription: a non-empty `description` is required/);
    expect(() => new BadName()).toThrow(/BadName: tool name "web search" is invalid/);
    expect(() => new BrokenSchema()).toThrow(/BrokenSchema \(BrokenSchema\): the input schema is not valid/);
  });
});

describe("BaseAgent static tools", () => {
  const index = new FakeIndex();

  class Researcher extends BaseAgent {
    static override agentName = "researcher";
    static override tools: readonly BaseTool[] = [new WebSearch(index)];

    @tool({ description: "Summarise a text", params: { text: p.string() } })
    summarise({ text }: { text: string }) {
      return text.slice(0, 3);
    }
  }

  class Archivist extends Researcher {
    static override agentName = "archivist";
    static override tools = [
      new (class Archive extends BaseTool {
        constructor() {
          super({ name: "archive", description: "Archive a page", params: { url: p.string() } });
        }
        run({ url }: { url?: unknown }) {
          return `archived ${String(url)}`;
        }
      })(),
    ];
  }

  it("lists a class's tool objects beside its decorated methods, and calls them", async () => {
    const agent = new Researcher({ registry: new ToolRegistry() });
    expect(agent.toolSpecs().map((s) => s.name)).toEqual(["summarise", "web_search"]);
    await expect(agent.callTool("web_search", { query: "q", limit: 1 })).resolves.toMatchObject({
      ok: true,
      content: ["q #1"],
    });
  });

  it("gives a subclass its ancestors' tool objects and its own", async () => {
    const agent = new Archivist({ registry: new ToolRegistry() });
    expect(agent.toolSpecs().map((s) => s.name)).toEqual(["summarise", "web_search", "archive"]);
    await expect(agent.callTool("archive", { url: "a" })).resolves.toMatchObject({ content: "archived a" });
  });

  it("exports tool objects like any other tool, flags included", () => {
    const agent = new Researcher({ registry: new ToolRegistry() });
    const mcp = toMcpTools(agent.tools()).find((t) => t.name === "web_search");
    expect(mcp?.annotations).toEqual({ readOnlyHint: true });
    const [, openai] = toOpenAITools(agent.toolSpecs(), { strict: true });
    expect(openai?.function).toMatchObject({ name: "web_search", strict: true });
    expect(openai?.function.parameters.required).toEqual(["query", "limit"]);
  });

  it("throws when static tools holds a class instead of an instance", () => {
    class Wrong extends BaseAgent {
      static override tools = [WebSearch] as unknown as BaseTool[];
    }
    expect(() => new Wrong({ registry: new ToolRegistry() })).toThrow(
      /Wrong\.tools holds the class WebSearch, which is not a BaseTool instance\. Give an instance/,
    );
  });

  it("throws when a tool object and a method declare the same name", () => {
    class Clash extends BaseAgent {
      static override tools = [new WebSearch(new FakeIndex())];
      @tool({ name: "web_search", description: "Another search" })
      search() {}
    }
    expect(() => new Clash({ registry: new ToolRegistry() })).toThrow(
      /the method "search" and a tool in static tools both declare the tool "web_search"/,
    );
  });

  it("throws when a tool object clashes with a shared tool the agent sees", () => {
    const registry = new ToolRegistry();
    registry.add(new WebSearch(new FakeIndex()));
    expect(() => new Researcher({ registry })).toThrow(/has its own tool "web_search" and also sees/);
  });
});
