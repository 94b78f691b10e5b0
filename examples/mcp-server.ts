// Serves the file agent of the demo over MCP.
//   npx tsx examples/mcp-server.ts              stdio (for a client that starts this process)
//   npx tsx examples/mcp-server.ts --http 3000  Streamable HTTP on http://127.0.0.1:3000/mcp
// The same as `npx toolwright serve examples/file-agent.ts --agent file_agent [--http 3000]`.
import { serveMcp } from "toolwright/mcp";
import { FileAgent } from "./file-agent.js";

const at = process.argv.indexOf("--http");
const agent = new FileAgent();

if (at === -1) {
  await serveMcp(agent, { transport: "stdio", name: "file-agent", version: "1.0.0" });
  console.error(`serving "${agent.name}" over MCP on stdio`); // stdout belongs to the protocol
} else {
  const port = Number(process.argv[at + 1] ?? 0);
  const server = await serveMcp(agent, { transport: "http", port, name: "file-agent", version: "1.0.0" });
  console.log(`serving "${agent.name}" over MCP at ${server.url} (Ctrl-C stops)`);
  process.once("SIGINT", () => void server.close());
}
