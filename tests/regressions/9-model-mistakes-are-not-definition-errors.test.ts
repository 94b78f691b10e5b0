import { BaseAgent, ErrorCode, ToolRegistry, p } from "toolwright";

function agent() {
  const registry = new ToolRegistry();
  registry.register("tags", () => "ran", {
    description: "Tags",
    params: { tags: p.array(p.any(), { uniqueItems: true }), data: p.any().optional() },
  });
  registry.register("tree", () => "ran", {
    description: "Tree",
    inputSchema: {
      type: "object",
      properties: { node: { $ref: "#/$defs/node" } },
      $defs: { node: { type: "object", properties: { child: { $ref: "#/$defs/node" } } } },
    },
  });
  class Holder extends BaseAgent {}
  return new Holder({ registry });
}

function nested(depth: number): string {
  return '{"node":' + '{"child":'.repeat(depth) + "{}" + "}".repeat(depth) + "}";
}

describe("arguments that make validation throw", () => {
  it("come back as invalid_arguments for uniqueItems items whose toString is not a function", async () => {
    const result = await agent().callTool("tags", '{"tags":[{"toString":"x"},{"toString":"x"}]}');
    expect(result.error?.code).toBe(ErrorCode.InvalidArguments);
  });

  it("come back as invalid_arguments for a cyclic object", async () => {
    const data: Record<string, unknown> = {};
    data.self = data;
    const result = await agent().callTool("tags", { tags: [], data });
    expect(result.error?.code).toBe(ErrorCode.InvalidArguments);
    expect(result.error?.message).toMatch(/\/data\/self contains itself/);
  });

  it("come back as invalid_arguments for a value nested 100,000 deep", async () => {
    const result = await agent().callTool("tree", nested(100_000));
    expect(result.error?.code).toBe(ErrorCode.InvalidArguments);
    expect(result.error?.message).toMatch(/nested deeper than/);
  });

  it("still accept a recursive value of ordinary depth", async () => {
    expect((await agent().callTool("tree", nested(50))).content).toBe("ran");
  });
});
