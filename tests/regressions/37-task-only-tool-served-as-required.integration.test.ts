// Issue 37: a remote tool the server runs only as a task (`execution.taskSupport: "required"`) was imported as an
// ordinary tool, so serving it again listed it as `taskSupport: "optional"`, and it could not run at all through
// SDK v2's Client (only v1's experimental task API was used). Here server-everything's task-only research tool is
// imported through the v2 Client over stdio, runs as a task (statuses as progress), and is served again over
// Streamable HTTP as task-only to the official client.
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry } from "toolwright";
import { type HttpMcpServerHandle, importMcpTools, serveMcp } from "toolwright/mcp";

jest.setTimeout(60_000);

const SERVER = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");

class Researcher extends BaseAgent {
  static override agentName = "researcher";
}

describe("a task-only remote tool (issue 37)", () => {
  const registry = new ToolRegistry();
  const agent = new Researcher({ registry });
  let imported: Awaited<ReturnType<typeof importMcpTools>>;
  let served: HttpMcpServerHandle;

  beforeAll(async () => {
    const client = new ClientV2({ name: "test", version: "1.0.0" });
    await client.connect(new StdioV2({ command: process.execPath, args: [SERVER, "stdio"], stderr: "pipe" }));
    imported = await importMcpTools(client, {
      registry,
      allowedAgents: ["researcher"],
      filter: ["simulate-research-query"],
      timeoutMs: 30_000,
    });
    served = await serveMcp(agent, { transport: "http", port: 0 });
  });

  afterAll(async () => {
    await served?.close();
    await imported?.close();
    await imported?.client.close();
  });

  it("runs as a task through the SDK v2 Client, its statuses as progress", async () => {
    const progress: string[] = [];
    const started = await agent.callTool(
      "simulate-research-query",
      { topic: "bees" },
      { onProgress: (update) => progress.push(String(update.message)) },
    );
    expect(started).toMatchObject({ outcome: "backgrounded", taskId: expect.any(String) });
    const finished = await agent.tasks.wait((started as { taskId: string }).taskId);
    expect(finished).toMatchObject({ ok: true, outcome: "success" });
    expect(String(finished.content)).toContain("# Research Report: bees");
    expect(progress[0]).toMatch(/^task working/);
  });

  it("is served again as task-only", async () => {
    const client = new ClientV1({ name: "lister", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === "simulate-research-query")?.execution).toEqual({
        taskSupport: "required",
      });
    } finally {
      await client.close();
    }
  });
});
