// An agent with an MCP Apps view and tools linked to it, for mcp-apps.test.ts (HTTP) and
// mcp-apps-stdio.integration.test.ts (stdio).
import { BaseAgent, p, resource, tool } from "toolwright";

export const HTML = "<!DOCTYPE html><html><body><div id=weather></div></body></html>";

export class WeatherApp extends BaseAgent {
  static override agentName = "weather";

  @resource({
    uri: "ui://weather/dashboard",
    name: "dashboard",
    description: "Weather dashboard",
    app: { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true },
  })
  dashboard() {
    return HTML;
  }

  @tool({
    description: "Current weather",
    params: { city: p.string() },
    ui: { resourceUri: "ui://weather/dashboard" },
  })
  current({ city }: { city: string }) {
    return { city, celsius: 4 };
  }

  @tool({ description: "Current weather, no view", params: { city: p.string() } })
  plain({ city }: { city: string }) {
    return { city, celsius: 4 };
  }

  @tool({ description: "Refresh the dashboard", ui: { resourceUri: "ui://weather/dashboard", visibility: ["app"] } })
  refresh() {
    return "refreshed";
  }
}
