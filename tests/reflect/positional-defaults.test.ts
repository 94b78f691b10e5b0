import { BaseAgent, ToolRegistry, builtinTool, p } from "toolwright";

type Method = (...args: never[]) => unknown;

// Defines an agent class whose `method` is `fn` decorated by `decorate`, as a minifier's output would be.
function agentWith(
  decorate: ReturnType<typeof builtinTool>,
  fn: Method,
): new (o: { registry: ToolRegistry }) => BaseAgent {
  class Minified extends BaseAgent {}
  const metadata = {};
  Object.defineProperty(Minified, Symbol.metadata, { value: metadata });
  decorate(fn as never, { kind: "method", name: "list", static: false, private: false, metadata } as never);
  Object.defineProperty(Minified.prototype, "list", { value: fn });
  return Minified;
}

describe("@builtinTool positional", () => {
  it("keeps reading literal defaults by position when the minified source is readable", async () => {
    // What a minifier leaves of `list(dir: string, depth = 2, hidden = false)`.
    const minified = new Function("r", "e = 2", "t = false", "return [r, e, t];") as Method;
    const decorate = builtinTool({
      description: "List a directory",
      params: { dir: p.string() },
      positional: ["dir", "depth", "hidden"],
    });
    const Agent = agentWith(decorate, minified);
    const agent = new Agent({ registry: new ToolRegistry() });
    expect(agent.toolSpecs()[0]?.inputSchema).toEqual({
      type: "object",
      properties: {
        dir: { type: "string" },
        depth: { type: "integer", default: 2 },
        hidden: { type: "boolean", default: false },
      },
      required: ["dir"],
      additionalProperties: false,
    });
    expect((await agent.callTool("list", { dir: "src" })).content).toEqual(["src", 2, false]);
  });

  it("takes defaults only from descriptors when the source cannot be read", async () => {
    const bound = function (dir: string, depth = 2) {
      return [dir, depth];
    }.bind(null) as Method;
    const decorate = builtinTool({
      description: "List a directory",
      params: { dir: p.string(), depth: p.integer().default(3) },
      positional: ["dir", "depth"],
    });
    const agent = new (agentWith(decorate, bound))({ registry: new ToolRegistry() });
    expect(agent.toolSpecs()[0]?.inputSchema).toMatchObject({ required: ["dir"] });
    // The descriptor's default reaches the method; the unreadable `depth = 2` never applies.
    expect((await agent.callTool("list", { dir: "src" })).content).toEqual(["src", 3]);
  });

  it("requires a parameter without a descriptor default when the source cannot be read", () => {
    const bound = function (dir: string, depth = 2) {
      return [dir, depth];
    }.bind(null) as Method;
    const decorate = builtinTool({
      description: "List a directory",
      params: { dir: p.string(), depth: p.integer() },
      positional: ["dir", "depth"],
    });
    const agent = new (agentWith(decorate, bound))({ registry: new ToolRegistry() });
    expect(agent.toolSpecs()[0]?.inputSchema).toMatchObject({ required: ["dir", "depth"] });
  });
});
