// Serves LibraryAgent over stdio for serve-mcp-resources-stdio.integration.test.ts: `tsx library-stdio-server.ts`.
import { ToolRegistry } from "toolwright";
import { serveMcp } from "toolwright/mcp";
import { LibraryAgent } from "./library-agent.js";

await serveMcp(new LibraryAgent({ registry: new ToolRegistry() }), { transport: "stdio" });
