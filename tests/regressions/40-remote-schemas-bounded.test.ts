// Issue 40, items 5 and 6: importMcpTools compiled a remote schema's patterns synchronously with no bound (6,000
// patterned properties blocked ~9 s; 10,000 ended in "Maximum call stack size exceeded"), and a schema nested ~1,000
// levels deep made register() / importMcpTools throw a bare RangeError naming neither tool nor schema. Both now throw
// a ToolDefinitionError naming the tool and the limit, before anything compiles the schema.
import { type JsonSchema, ToolDefinitionError, ToolRegistry } from "toolwright";
import { type McpClientLike, type McpRemoteTool, importMcpTools } from "toolwright/mcp";

/** A client whose server lists `tools`. */
function serverListing(tools: McpRemoteTool[]): McpClientLike {
  return {
    listTools: () => Promise.resolve({ tools }),
    callTool: () => Promise.resolve({ content: [] }),
    close: () => Promise.resolve(),
  };
}

/** An object schema whose property `a` nests `levels` objects deep. */
function nested(levels: number): McpRemoteTool["inputSchema"] {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
  return schema as McpRemoteTool["inputSchema"];
}

/** An object schema with `count` properties, each with its own pattern. */
function patterned(count: number): McpRemoteTool["inputSchema"] {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "string", pattern: `^a{${i}}$` };
  return { type: "object", properties };
}

async function importError(tool: McpRemoteTool, limits?: object): Promise<unknown> {
  const registry = new ToolRegistry();
  return importMcpTools(serverListing([tool]), { registry, allowedAgents: [], ...(limits ? { limits } : {}) }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("40.5 / 40.6: remote and registered schemas are bounded", () => {
  it("refuses a remote schema nested 1,000 levels deep with a ToolDefinitionError naming the tool and the limit", async () => {
    const error = await importError({ name: "deep", inputSchema: nested(1_000) });
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toContain('remote tool "deep"');
    expect((error as Error).message).toContain("maxSchemaDepth");
  });

  it("refuses a remote schema with 1,000 patterns before compiling any of them", async () => {
    const error = await importError({ name: "patterns", inputSchema: patterned(1_000) });
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toContain('remote tool "patterns"');
    expect((error as Error).message).toContain("maxSchemaPatterns");
  });

  it("refuses a remote output schema that is too long, and takes raised limits for a server the app trusts", async () => {
    const long = { type: "object", description: "x".repeat(300_000) };
    const error = await importError({ name: "long", inputSchema: { type: "object" }, outputSchema: long });
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toContain('output schema of remote tool "long"');
    expect((error as Error).message).toContain("maxSchemaChars");
    await expect(importError({ name: "ok", inputSchema: patterned(300) }, { maxSchemaPatterns: 300 })).resolves.toBe(
      undefined,
    );
  });

  it("refuses a registered schema nested 1,000 levels deep with a ToolDefinitionError, not a RangeError", () => {
    const registry = new ToolRegistry();
    const register = () => registry.register("deep", () => 1, { description: "Deep", inputSchema: nested(1_000) });
    expect(register).toThrow(ToolDefinitionError);
    expect(register).toThrow(/register\("deep"\): the input schema is nested more than 256 levels deep/);
    const returns = () =>
      registry.register("deep_out", () => 1, { description: "Deep", returns: nested(1_000) as JsonSchema });
    expect(returns).toThrow(/the `returns` schema is nested more than 256 levels deep/);
  });
});
