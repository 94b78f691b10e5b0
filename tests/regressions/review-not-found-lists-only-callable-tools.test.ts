import { ToolNotFoundError, ToolRegistry } from "toolwright";

// Found by a review of the merged tree: the registry's not-found message listed tools the caller may not use.

describe("registry.dispatch of an unknown tool", () => {
  const registry = () => {
    const r = new ToolRegistry();
    r.register("secret", () => 1, { description: "Admin only", allowedAgents: ["admin"] });
    r.register("none", () => 1, { description: "Nobody", allowedAgents: [] });
    r.register("open", () => 1, { description: "Everyone" });
    return r;
  };

  it("lists only the tools the named caller may use", async () => {
    const error = await registry()
      .dispatch("nope", {}, { agent: "user" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolNotFoundError);
    expect((error as ToolNotFoundError).message).toContain("open");
    expect((error as ToolNotFoundError).message).not.toMatch(/secret|none/);
  });

  it("lists only the tools open to every agent when no agent is named", async () => {
    const error = await registry()
      .dispatch("nope", {})
      .catch((e: unknown) => e);
    expect((error as ToolNotFoundError).message).not.toMatch(/secret|none/);
  });
});
