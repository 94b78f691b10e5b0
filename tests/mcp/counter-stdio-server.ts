// Serves CounterAgent over stdio for serve-mcp-subscriptions-stdio.integration.test.ts: `tsx counter-stdio-server.ts`.
// Its `bump` tool changes the counter resource and announces it, as an app does after a write.
import { BaseAgent, ToolRegistry, resource, tool } from "toolwright";
import { serveMcp } from "toolwright/mcp";

let count = 0;

class CounterAgent extends BaseAgent {
  static override agentName = "counter";

  @resource({ uri: "counter://value", mimeType: "text/plain" })
  value() {
    return String(count);
  }

  @tool({ description: "Add one to the counter, then add an item to the list" })
  bump() {
    count += 1;
    this.resourceChanged("counter://value");
    this.resourceListChanged();
    return count;
  }
}

await serveMcp(new CounterAgent({ registry: new ToolRegistry() }), { transport: "stdio" });
