import { BaseAgent, ToolRegistry, type ToolEvent, p, tool } from "toolwright";

// Listeners, the dev tools and tracers tell a call's conversation by the `session` on its events: every event of a
// call that named a session carries it, the common `after` event included (built on a shorter path than the others).
class Notes extends BaseAgent {
  static override agentName = "session_events";

  @tool({ description: "Add a note", params: { text: p.string() } })
  add({ text }: { text: string }) {
    if (text === "boom") throw new Error("no room");
    return `noted ${text}`;
  }
}

function listen(agent: BaseAgent): ToolEvent[] {
  const events: ToolEvent[] = [];
  for (const name of ["before", "after", "error"] as const) agent.on(name, (event) => void events.push(event));
  return events;
}

describe("the session on a call's events", () => {
  it("is on the before and after events of a call that names one, and absent otherwise", async () => {
    const agent = new Notes({ registry: new ToolRegistry() });
    const events = listen(agent);
    await agent.callTool("add", { text: "a" }, { session: "chat-1" });
    await agent.callTool("add", { text: "b" });
    expect(events.map((event) => [event.event, event.session])).toEqual([
      ["before", "chat-1"],
      ["after", "chat-1"],
      ["before", undefined],
      ["after", undefined],
    ]);
    expect("session" in events[3]!).toBe(false);
  });

  it("is on the error event of a failed call", async () => {
    const agent = new Notes({ registry: new ToolRegistry() });
    const events = listen(agent);
    await agent.callTool("add", { text: "boom" }, { session: "chat-2" });
    expect(events.map((event) => [event.event, event.session])).toEqual([
      ["before", "chat-2"],
      ["after", "chat-2"],
      ["error", "chat-2"],
    ]);
  });
});
