import { BaseAgent, ToolRegistry, p } from "toolwright";

function agent() {
  const registry = new ToolRegistry();
  registry.register("scale", ({ n }: { n: number }) => n, {
    description: "Scale",
    params: { n: p.number(), i: p.integer().optional() },
  });
  class Calc extends BaseAgent {}
  return new Calc({ registry });
}

describe("numbers that are not finite", () => {
  it("come back as invalid_arguments when the JSON text holds 1e400", async () => {
    const result = await agent().callTool("scale", '{"n":1e400}');
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.message).toMatch(/\/n must be a finite number; got Infinity/);
  });

  it.each([Infinity, -Infinity, NaN])("come back as invalid_arguments for p.integer() when it is %s", async (i) => {
    const result = await agent().callTool("scale", { n: 1, i });
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.issues?.[0]).toMatchObject({ path: "/i", message: expect.stringMatching(/finite/) });
  });
});
