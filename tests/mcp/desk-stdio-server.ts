// Serves DeskAgent over stdio for serve-mcp-client-stdio.integration.test.ts: `tsx desk-stdio-server.ts`.
import { ToolRegistry } from "toolwright";
import { serveMcp } from "toolwright/mcp";
import { DeskAgent } from "./desk-agent.js";

await serveMcp(new DeskAgent({ registry: new ToolRegistry() }), { transport: "stdio" });
