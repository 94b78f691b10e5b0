import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { checkCompatibility, p, toMcpTools } from "toolwright";
import { allKinds, noParams, specOf, tree } from "../fixtures/providers/tool-specs.js";
import { makeTravelAgent } from "../fixtures/providers/travel-agent.js";

describe("toMcpTools", () => {
  it("emits { name, description, inputSchema, annotations } with the schema unchanged", () => {
    expect(toMcpTools([tree])).toEqual([
      { name: "tree", description: "The tree tool.", inputSchema: tree.inputSchema, annotations: {} },
    ]);
  });

  it("derives readOnlyHint, destructiveHint, idempotentHint and openWorldHint from the flags that exist", () => {
    const tool = { ...allKinds, readOnly: true, idempotent: true, openWorld: false, title: "All kinds" };
    const [out] = toMcpTools([tool]);
    expect(out?.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    expect(out?.title).toBe("All kinds");
    expect(toMcpTools([{ ...noParams, destructive: true }])[0]?.annotations).toEqual({ destructiveHint: true });
  });

  it("passes an object outputSchema through, and leaves out one whose root is not an object with a warning", () => {
    const outputSchema = specOf("out", { total: p.integer() }).inputSchema;
    expect(toMcpTools([{ ...noParams, outputSchema }])[0]?.outputSchema).toEqual(outputSchema);
    const listed = { ...noParams, outputSchema: { type: "array", items: { type: "string" } } };
    expect(checkCompatibility([listed], "mcp")).toContainEqual(
      expect.objectContaining({ rule: "mcp.output-root", severity: "warning" }),
    );
    const [out] = toMcpTools([listed]);
    expect(out).toBeDefined();
    expect(out).not.toHaveProperty("outputSchema");
  });

  it("accepts dots in names, which MCP allows and the model providers do not", () => {
    const dotted = { ...noParams, name: "files.read" };
    expect(toMcpTools([dotted])[0]?.name).toBe("files.read");
    expect(checkCompatibility([dotted], "openai")).toContainEqual(expect.objectContaining({ rule: "openai.name" }));
    expect(() => toMcpTools([{ ...noParams, name: "a b" }])).toThrow(/mcp tool names must be/);
  });
});

describe("toMcpTools with the MCP SDK", () => {
  it("produces a tools/list result the SDK's own schema accepts, with hints from an agent's flags", () => {
    const agent = makeTravelAgent();
    const tools = toMcpTools(agent.tools());
    expect(() => ListToolsResultSchema.parse({ tools })).not.toThrow();
    expect(tools.map((t) => [t.name, t.annotations])).toEqual([
      ["get_weather", { readOnlyHint: true }],
      ["book_flight", { destructiveHint: true }],
    ]);
  });
});
