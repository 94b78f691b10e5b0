import { BaseAgent, ToolRegistry, createLoadedTools, p, tool } from "toolwright";
import { makeDeskAgent } from "../fixtures/providers/desk-agent.js";

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe("BaseAgent.toolsForTurn", () => {
  it("leaves deferred tools out and adds tool_search when the conversation has loaded none", () => {
    const agent = makeDeskAgent();
    expect(names(agent.toolsForTurn(createLoadedTools()))).toEqual(["get_time", "tool_search"]);
    expect(names(agent.toolsForTurn())).toEqual(["get_time", "tool_search"]);
  });

  it("adds the tools a search found to the next turn, at the end, when the same state is passed back", async () => {
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const result = await agent.callTool("tool_search", { query: "convert money", limit: 1 }, { loadedTools: loaded });

    expect(result.ok).toBe(true);
    expect(result.content).toEqual({
      tools: [{ name: "convert_currency", description: "Convert money between currencies" }],
      note: expect.stringContaining("call them by name"),
    });
    expect(loaded).toEqual({ names: ["convert_currency"] });
    // The state is plain JSON: it survives a trip through a session store.
    const restored = JSON.parse(JSON.stringify(loaded)) as typeof loaded;
    expect(names(agent.toolsForTurn(restored))).toEqual(["get_time", "tool_search", "convert_currency"]);
  });

  it("loads found tools through runToolCalls when the batch is given the state", async () => {
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const [search, time] = await agent.runToolCalls(
      [
        { id: "1", name: "tool_search", arguments: '{"query":"invoice for a customer"}' },
        { id: "2", name: "get_time", arguments: { city: "Oslo" } },
      ],
      { loadedTools: loaded },
    );
    expect([search?.ok, time?.ok]).toEqual([true, true]);
    expect(loaded.names[0]).toBe("create_invoice");
  });

  it("never finds a deferred shared tool when its allowedAgents leave the agent out", async () => {
    const agent = makeDeskAgent();
    const result = await agent.callTool("tool_search", { query: "wire money iban bank account", limit: 20 });
    const found = (result.content as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(found).not.toContain("wire_money");
    expect(found).toContain("convert_currency");
  });

  it("finds and loads a deferred shared tool when its allowedAgents admit the agent", async () => {
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    await agent.callTool("tool_search", { query: "exchange rate" }, { loadedTools: loaded });
    expect(loaded.names).toContain("lookup_rate");
    expect(names(agent.toolsForTurn(loaded))).toContain("lookup_rate");
  });

  it("ignores loaded names the agent cannot see when a state is shared or stale", () => {
    const agent = makeDeskAgent();
    expect(names(agent.toolsForTurn({ names: ["wire_money", "no_such_tool", "send_email"] }))).toEqual([
      "get_time",
      "tool_search",
      "send_email",
    ]);
  });

  it("fills the default limit when a strict-mode model sends limit: null", async () => {
    const agent = makeDeskAgent();
    const result = await agent.callTool("tool_search", '{"query":"money currency exchange rate","limit":null}');
    expect(result.ok).toBe(true);
    expect((result.content as { tools: unknown[] }).tools).toHaveLength(2);
  });

  it("returns INVALID_ARGUMENTS when a search has no query", async () => {
    const result = await makeDeskAgent().callTool("tool_search", { limit: 3 });
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.issues?.map((i) => i.path)).toEqual(["/query"]);
  });

  it("has no tool_search and returns NOT_FOUND for it when no tool is deferred", async () => {
    class Plain extends BaseAgent {
      @tool({ description: "Echo", params: { text: p.string() } })
      echo({ text }: { text: string }) {
        return text;
      }
    }
    const agent = new Plain({ registry: new ToolRegistry() });
    expect(names(agent.toolsForTurn(createLoadedTools()))).toEqual(["echo"]);
    expect((await agent.callTool("tool_search", { query: "x" })).outcome).toBe("not_found");
  });

  it("throws when an agent with deferred tools has its own tool named tool_search", () => {
    class Clash extends BaseAgent {
      @tool({ name: "tool_search", description: "Mine" })
      mine() {
        return 1;
      }
      @tool({ description: "Later", deferred: true })
      later() {
        return 2;
      }
    }
    const agent = new Clash({ registry: new ToolRegistry() });
    expect(() => agent.toolsForTurn()).toThrow(/named "tool_search"/);
  });

  it("runs the tool_search tool's own handler when the turn's tools are used directly", async () => {
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const search = agent.toolsForTurn(loaded).find((t) => t.name === "tool_search")!;
    await search.handler({ query: "email" });
    expect(loaded.names).toEqual(["send_email"]);
  });
});
