import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { BaseAgent, ToolRegistry, isContentResult } from "toolwright";
import { importMcpTools } from "toolwright/mcp";

// The reference server of the MCP project (npm @modelcontextprotocol/server-everything), spawned over stdio as a user
// would run it, imported through the transport of either SDK major.
jest.setTimeout(60_000);

const SERVER = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
const params = { command: process.execPath, args: [SERVER, "stdio"], stderr: "pipe" as const };

class Researcher extends BaseAgent {
  static override agentName = "researcher";
}

describe.each([
  ["SDK v1 StdioClientTransport", () => new StdioV1(params)],
  ["SDK v2 StdioClientTransport", () => new StdioV2(params)],
])("importMcpTools from server-everything through the %s", (_label, makeTransport) => {
  const registry = new ToolRegistry();
  const agent = new Researcher({ registry });
  let imported: Awaited<ReturnType<typeof importMcpTools>>;

  beforeAll(async () => {
    imported = await importMcpTools(makeTransport(), {
      registry,
      allowedAgents: ["researcher"],
      prefix: "ev_",
      // Its tools that need the client (sampling, elicitation, roots) are left out, and the task tool, which has its
      // own suites (below, and tests/regressions/37-task-only-tool-served-as-required); the rest are imported.
      filter: (tool) => !/^trigger-(sampling|elicitation)|^get-roots|^simulate-research/.test(tool.name),
      timeoutMs: 30_000,
    });
  });

  afterAll(async () => {
    await imported?.close();
  });

  it("registers its kebab-case tools under their own names, with their schemas", () => {
    const names = [...imported.names.keys()];
    expect(names).toEqual(expect.arrayContaining(["ev_echo", "ev_get-sum", "ev_get-tiny-image"]));
    expect(names).not.toContain("ev_simulate-research-query");
    expect(registry.get("ev_get-sum").inputSchema).toMatchObject({ required: ["a", "b"] });
  });

  it("answers get-tiny-image with an image part", async () => {
    const result = await agent.callTool("ev_get-tiny-image", {});
    expect(result.ok).toBe(true);
    expect(isContentResult(result.content)).toBe(true);
    const parts = (result.content as { parts: { type: string; mimeType?: string }[] }).parts;
    expect(parts.map((part) => part.type)).toEqual(expect.arrayContaining(["text", "image"]));
    expect(parts.find((part) => part.type === "image")?.mimeType).toBe("image/png");
  });

  it("keeps get-structured-content's outputSchema and answers its structuredContent", async () => {
    expect(registry.get("ev_get-structured-content").outputSchema).toMatchObject({
      type: "object",
      required: ["temperature", "conditions", "humidity"],
    });
    const result = await agent.callTool("ev_get-structured-content", { location: "Chicago" });
    expect(result).toMatchObject({ ok: true, content: { temperature: expect.any(Number) } });
  });

  it("answers resource links and embedded resources as parts", async () => {
    const links = await agent.callTool("ev_get-resource-links", { count: 2 });
    const parts = (links.content as { parts: { type: string; uri?: string }[] }).parts;
    expect(parts.filter((part) => part.type === "resource_link")).toHaveLength(2);
    const reference = await agent.callTool("ev_get-resource-reference", { resourceType: "Text", resourceId: 1 });
    const texts = (reference.content as { parts: { type: string; text?: string }[] }).parts;
    expect(texts.some((part) => part.text?.startsWith("Resource demo://resource/dynamic/text/1:\n"))).toBe(true);
  });

  it("forwards trigger-long-running-operation's progress to the call's reportProgress", async () => {
    const updates: { progress: number; total?: number }[] = [];
    const tool = registry.get("ev_trigger-long-running-operation");
    const value = await tool.handler({ duration: 1, steps: 3 }, {
      signal: new AbortController().signal,
      agent: undefined,
      callId: "call-1",
      tool,
      reportProgress: (update: { progress: number; total?: number }) => updates.push(update),
    } as never);
    expect(String(value)).toContain("Long running operation completed");
    // It reports after each step; the last step's notice may arrive before the result or not at all (the server sends
    // it as it answers), so only the steps before the last are certain.
    const expected = [1, 2, 3].map((progress) => ({ progress, total: 3 }));
    expect(updates.length === 2 || updates.length === 3).toBe(true);
    expect(updates).toEqual(expected.slice(0, updates.length));
  });
});

describe("importMcpTools of server-everything's task tool, through a connected SDK v1 Client", () => {
  const registry = new ToolRegistry();
  const agent = new Researcher({ registry });
  let imported: Awaited<ReturnType<typeof importMcpTools>>;

  beforeAll(async () => {
    const client = new ClientV1({ name: "test", version: "1.0.0" });
    await client.connect(new StdioV1(params));
    imported = await importMcpTools(client, {
      registry,
      allowedAgents: ["researcher"],
      filter: ["simulate-research-query"],
      // The research takes about 4 s: past 1.5 s the local call is handed to the background.
      timeoutMs: 1_500,
    });
  });

  afterAll(async () => {
    await imported?.close();
    await imported?.client.close();
  });

  it("runs a taskSupport: required tool as an MCP task, its statuses as progress", async () => {
    const updates: { progress: number; message?: string }[] = [];
    const tool = registry.get("simulate-research-query");
    const value = await tool.handler({ topic: "bees" }, {
      signal: new AbortController().signal,
      agent: undefined,
      callId: "call-1",
      tool,
      reportProgress: (update: { progress: number; message?: string }) => updates.push(update),
    } as never);
    expect(String(value)).toContain("# Research Report: bees");
    expect(updates[0]).toEqual({ progress: 1, message: "task working: Gathering sources..." });
    expect(updates.map((update) => update.message)).toContain("task completed: Generating report...");
  });

  it("hands a remote task that outlives timeoutMs to the background, and its result arrives there", async () => {
    const started = await agent.callTool("simulate-research-query", { topic: "wasps" });
    expect(started).toMatchObject({ outcome: "backgrounded", taskId: expect.any(String) });
    const finished = await agent.tasks.wait((started as { taskId: string }).taskId);
    expect(finished).toMatchObject({ ok: true, outcome: "success" });
    expect(String(finished.content)).toContain("# Research Report: wasps");
  });
});
