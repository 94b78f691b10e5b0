import { BaseAgent, ToolRegistry, type ToolEvent, p, tool } from "toolwright";

// A route finds, when it is assembled, which listener sets hear `after`, and a successful call tells only those
// without asking each set again. A listener that adds or removes a listener while it is told changes what the later
// sets hear in the same call, as it did when every set was asked on every call.
describe("after listeners of a route assembled with listeners", () => {
  function makeAgent(registry: ToolRegistry) {
    class Sums extends BaseAgent {
      @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
      add({ a, b }: { a: number; b: number }) {
        return a + b;
      }
    }
    return new Sums({ registry });
  }

  it("tell a registry listener the agent's listener added during the same event", async () => {
    const registry = new ToolRegistry();
    const agent = makeAgent(registry);
    const heard: string[] = [];
    await agent.callTool("add", { a: 0, b: 0 }); // no listener yet
    let added = false;
    agent.on("after", () => {
      heard.push("agent");
      if (added) return;
      added = true;
      registry.on("after", (event: ToolEvent) => void heard.push(`registry ${String(event.result?.content)}`));
    });
    await agent.callTool("add", { a: 1, b: 1 }); // assembles the route with the agent's set only
    expect(heard).toEqual(["agent", "registry 2"]);
    await agent.callTool("add", { a: 1, b: 2 });
    expect(heard).toEqual(["agent", "registry 2", "agent", "registry 3"]);
  });

  it("do not tell a registry listener the agent's listener removed during the same event", async () => {
    const registry = new ToolRegistry();
    const agent = makeAgent(registry);
    const heard: string[] = [];
    const off = registry.on("after", () => void heard.push("registry"));
    agent.on("after", () => {
      heard.push("agent");
      off();
    });
    await agent.callTool("add", { a: 1, b: 1 }); // warm: the route is assembled with both sets
    expect(heard).toEqual(["agent"]);
    await agent.callTool("add", { a: 1, b: 2 });
    expect(heard).toEqual(["agent", "agent"]);
  });

  it("carry the session on the event a successful call raises", async () => {
    const agent = makeAgent(new ToolRegistry());
    const events: ToolEvent[] = [];
    agent.on("after", (event) => void events.push(event));
    const result = await agent.callTool("add", { a: 2, b: 2 }, { session: "s1", callId: "c1" });
    expect(events).toEqual([
      { event: "after", toolName: "add", args: { a: 2, b: 2 }, callId: "c1", agent, result, session: "s1" },
    ]);
  });
});
