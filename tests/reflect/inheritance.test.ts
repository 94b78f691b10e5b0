import { BaseAgent, ToolRegistry, builtinTool, p, tool } from "toolwright";

const registry = () => new ToolRegistry();

class Base extends BaseAgent {
  static override agentName = "base";
  @tool({ description: "Search files", params: { pattern: p.string(), limit: p.integer({ minimum: 1 }).default(10) } })
  search({ pattern, limit }: { pattern: string; limit: number }) {
    return `base:${pattern}:${limit}`;
  }

  @builtinTool({ description: "Delete a file", params: { path: p.string("File path") } })
  remove(path: string, force = false) {
    return `base-remove:${path}:${force}`;
  }
}

class Overrides extends Base {
  static override agentName = "overrides";
  override search({ pattern, limit }: { pattern: string; limit: number }) {
    return `override:${pattern}:${limit}`;
  }
  override remove(path: string, force = false) {
    return `override-remove:${path}:${force}`;
  }
}

class Redecorates extends Base {
  static override agentName = "redecorates";
  @tool({ name: "find", description: "Find by regex", params: { regex: p.string() } })
  // @ts-expect-error the re-decorated tool takes other arguments than the parent's method, which TypeScript flags
  override search({ regex }: { regex: string }) {
    return regex;
  }
}

class Sibling extends Base {
  static override agentName = "sibling";
  @tool({ description: "Only the sibling has this" })
  siblingOnly() {
    return "sibling";
  }
}

class GrandChild extends Overrides {
  static override agentName = "grandchild";
  @tool({ description: "Count lines", params: { path: p.string() } })
  countLines({ path }: { path: string }) {
    return path.length;
  }
}

class Plain extends GrandChild {
  static override agentName = "plain";
}

const names = (agent: BaseAgent) => agent.toolSpecs().map((s) => s.name);

describe("tool inheritance", () => {
  it("gives a subclass every parent tool", () => {
    expect(names(new Overrides({ registry: registry() }))).toEqual(["search", "remove"]);
  });

  it("keeps the parent's name, description, schema and defaults but runs the override when not re-decorated", async () => {
    const r = registry();
    const base = new Base({ registry: r });
    const child = new Overrides({ registry: r });
    expect(child.toolSpecs()).toEqual(base.toolSpecs());
    expect((await child.callTool("search", { pattern: "*.ts" })).content).toBe("override:*.ts:10");
    expect((await child.callTool("remove", { path: "a" })).content).toBe("override-remove:a:false");
    expect((await base.callTool("search", { pattern: "*.ts" })).content).toBe("base:*.ts:10");
  });

  it("replaces the parent's entry when re-decorated and leaves the parent unchanged", () => {
    const r = registry();
    const child = new Redecorates({ registry: r });
    expect(names(child)).toEqual(["find", "remove"]);
    expect(child.toolSpecs()[0]?.inputSchema).toEqual({
      type: "object",
      properties: { regex: { type: "string" } },
      required: ["regex"],
      additionalProperties: false,
    });
    expect(names(new Base({ registry: r }))).toEqual(["search", "remove"]);
  });

  it("does not let siblings see each other's tools", () => {
    const r = registry();
    expect(names(new Sibling({ registry: r }))).toEqual(["search", "remove", "siblingOnly"]);
    expect(names(new Redecorates({ registry: r }))).not.toContain("siblingOnly");
    expect(names(new Base({ registry: r }))).not.toContain("siblingOnly");
  });

  it("resolves three levels deep, with the middle level's override running", async () => {
    const agent = new GrandChild({ registry: registry() });
    expect(names(agent)).toEqual(["search", "remove", "countLines"]);
    expect((await agent.callTool("search", { pattern: "x", limit: 2 })).content).toBe("override:x:2");
    expect((await agent.callTool("countLines", { path: "abc" })).content).toBe(3);
  });

  it("gives a subclass with no decorators of its own all inherited tools", () => {
    expect(names(new Plain({ registry: registry() }))).toEqual(["search", "remove", "countLines"]);
  });

  it("shares one frozen definition list between all instances of a class", () => {
    const r = registry();
    const a = new GrandChild({ registry: r, name: "a" });
    const b = new GrandChild({ registry: r, name: "b" });
    expect(a.toolSpecs()[0]?.inputSchema).toBe(b.toolSpecs()[0]?.inputSchema);
    expect(Object.isFrozen(a.toolSpecs()[0]?.inputSchema)).toBe(true);
  });
});
