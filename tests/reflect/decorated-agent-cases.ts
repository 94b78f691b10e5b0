import * as toolwright from "toolwright";

type AgentClass = new (options: toolwright.BaseAgentOptions) => toolwright.BaseAgent;

/** The agents of tests/fixtures/decorated-agents.ts, as one compiler's output exports them. */
export type DecoratedAgents = Record<"ParentAgent" | "ChildAgent" | "RedecoratedAgent", AgentClass>;

/**
 * Declares the cases every compiler's output of tests/fixtures/decorated-agents.ts must pass, standard or legacy:
 * builtin names and defaults read from compiled source, inheritance, undecorated overrides and re-decoration.
 */
export function itResolvesDecoratedAgents(agents: () => DecoratedAgents): void {
  const registry = () => new toolwright.ToolRegistry();

  it("builds the parent's schemas, reading builtin names and defaults from the compiled source", () => {
    const specs = new (agents().ParentAgent)({ registry: registry() }).toolSpecs();
    expect(specs.map((s) => s.name)).toEqual(["search", "move"]);
    expect(specs[1]?.inputSchema).toEqual({
      type: "object",
      properties: {
        from: { type: "string" },
        to: { type: "string" },
        copy: { type: "boolean", default: false },
        label: { type: "string", default: "a, b) = c" },
      },
      required: ["from", "to"],
      additionalProperties: false,
    });
  });

  it("inherits tools and runs an undecorated override with the parent's schema", async () => {
    const r = registry();
    const { ChildAgent, ParentAgent } = agents();
    const child = new ChildAgent({ registry: r });
    expect(child.toolSpecs().map((s) => s.name)).toEqual(["search", "move", "childOnly"]);
    expect(child.toolSpecs()[0]).toEqual(new ParentAgent({ registry: r }).toolSpecs()[0]);
    expect((await child.callTool("search", { query: "q" })).content).toBe("child:q:5");
    expect((await child.callTool("move", { from: "a", to: "b" })).content).toBe("parent:a->b:false:a, b) = c");
  });

  it("replaces the parent's entry when re-decorated, leaving the parent and siblings alone", async () => {
    const r = registry();
    const { ChildAgent, ParentAgent, RedecoratedAgent } = agents();
    const redecorated = new RedecoratedAgent({ registry: r });
    expect(redecorated.toolSpecs().map((s) => s.name)).toEqual(["search", "move_file"]);
    expect((await redecorated.callTool("move_file", { from: "a", to: "b" })).content).toBe("redecorated:a->b");
    expect(new ParentAgent({ registry: r }).toolSpecs().map((s) => s.name)).toEqual(["search", "move"]);
    expect(new ChildAgent({ registry: r }).toolSpecs().map((s) => s.name)).not.toContain("move_file");
  });
}
