// MCP both ways, in one process and without network access beyond 127.0.0.1:
// the file agent is served over Streamable HTTP, and its tools are imported into another registry, where a
// "planner" agent may use them under toolwright's own access control, validation and time limits.
//   npx tsx examples/mcp-roundtrip.ts
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry } from "toolwright";
import { showCall, step } from "./demo-story.js";
import { importMcpTools, serveMcp } from "toolwright/mcp";
import { FileAgent } from "./file-agent.js";

class Planner extends BaseAgent {
  static override agentName = "planner";
}

const server = await serveMcp(new FileAgent({ registry: new ToolRegistry() }), { transport: "http", port: 0 });
step(`file_agent served at ${server.url}`);

const registry = new ToolRegistry();
const imported = await importMcpTools(new StreamableHTTPClientTransport(new URL(server.url)), {
  registry,
  allowedAgents: ["planner"],
  prefix: "files_",
  timeoutMs: 5_000,
});
step(`imported: ${imported.tools.map((t) => t.name).join(", ")}`);

const planner = new Planner({ registry });
const calls: [string, unknown, string][] = [
  ["files_search", { pattern: "src/*.ts" }, "runs on the server"],
  ["files_search", { maxResults: 0 }, "stopped here by the remote schema, before any request"],
  ["files_remove", { path: "README.md" }, "needs an approval that an MCP client without elicitation cannot give"],
];
for (const [name, args, note] of calls) showCall(name, args, await planner.callTool(name, args), note);

await imported.close();
await server.close();
