// Serves WeatherApp over stdio with the catalogue of an imported server (SDK v1, in process) served again, for
// mcp-apps-stdio.integration.test.ts: `tsx apps-import-stdio-server.ts`.
import { ToolRegistry } from "toolwright";
import { importMcpTools, serveMcp } from "toolwright/mcp";
import { startCatalogueServer } from "./catalogue-remote-server.js";
import { WeatherApp } from "./weather-app-agent.js";

const remote = await startCatalogueServer();
const registry = new ToolRegistry();
const imported = await importMcpTools(remote.clientSide, { registry, allowedAgents: ["weather"] });
await serveMcp(new WeatherApp({ registry }), { transport: "stdio", imported: [imported] });
