// A tools/call carrying _meta.progressToken gets the handler's progress as notifications/progress, on both eras.
// The agent here reports through the onProgress option serveMcp passes to callTool (the progress contract's
// CallToolOptions.onProgress); the conformance run (.ci/conformance.sh) covers a real tool's reportProgress.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry, tool } from "toolwright";
import { type HttpMcpServerHandle, type McpServableAgent, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

class StepAgent extends BaseAgent {
  static override agentName = "step_agent";
  @tool({ description: "Works in steps" })
  steps() {
    return "done";
  }
}

type Options = Parameters<McpServableAgent["callTool"]>[2];

/** The agent, reporting three steps (and one that goes backwards, which MCP forbids) to whoever listens. */
function reportingAgent(seen: { listened: boolean[] }): McpServableAgent {
  const agent = new StepAgent({ registry: new ToolRegistry() });
  return {
    name: agent.name,
    tools: () => agent.tools(),
    async callTool(name: string, args: unknown, options?: Options) {
      seen.listened.push(options?.onProgress !== undefined);
      for (const progress of [1, 2, 2, 1, 3]) {
        options?.onProgress?.({ progress, total: 3, message: `step ${progress}` });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return agent.callTool(name, args, options);
    },
  };
}

describe("serveMcp progress", () => {
  const seen = { listened: [] as boolean[] };
  let server: HttpMcpServerHandle;
  beforeAll(async () => {
    server = await serveMcp(reportingAgent(seen), { transport: "http" });
  });
  afterAll(() => server?.close());

  it("sends increasing notifications/progress to a 2026-07-28 client that asked for them", async () => {
    const client = new Client({ name: "v2", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const updates: unknown[] = [];
    const result = await client.callTool(
      { name: "steps", arguments: {} },
      { onprogress: (update) => void updates.push(update) },
    );
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    expect(updates).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
    ]);
    await client.close();
  });

  it("sends them to a 2025-11-25 client (SDK v1) too", async () => {
    const client = new V1Client({ name: "v1", version: "1" });
    await client.connect(new V1Transport(new URL(server.url)));
    const updates: unknown[] = [];
    await client.callTool({ name: "steps", arguments: {} }, undefined, {
      onprogress: (update) => void updates.push(update),
    });
    expect(updates.map((u) => (u as { progress: number }).progress)).toEqual([1, 2, 3]);
    await client.close();
  });

  it("passes no listener for a call without a progress token", async () => {
    seen.listened.length = 0;
    const client = new Client({ name: "v2", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    await client.callTool({ name: "steps", arguments: {} });
    expect(seen.listened).toEqual([false]);
    await client.close();
  });
});
