import { BaseAgent, ToolRegistry, p, toOpenAIToolResult, tool } from "toolwright";

class Logs extends BaseAgent {
  @tool({ description: "The whole log", params: {} })
  log(): string {
    return "x".repeat(5_000);
  }

  @tool({ description: "A short log", params: {}, maxResultChars: 100 })
  tail(): string {
    return "y".repeat(5_000);
  }

  @tool({ description: "Echo", params: { n: p.integer() } })
  echo({ n }: { n: number }): string {
    return "z".repeat(n);
  }
}

describe("maxResultChars per agent, the tool's own winning", () => {
  it("cuts what the model reads at the agent's limit and keeps the whole value on the result", async () => {
    const agent = new Logs({ registry: new ToolRegistry(), maxResultChars: 1_000 });
    const result = await agent.callTool("log", {});
    expect(result.content).toHaveLength(5_000);
    const output = toOpenAIToolResult({ id: "c1", name: "log" }, result, { api: "responses" });
    expect(JSON.stringify(output).length).toBeLessThan(1_500);
    expect(JSON.stringify(output)).toMatch(/cut|omitted|truncated/i);
  });

  it("lets the tool's own maxResultChars win over the agent's", async () => {
    const agent = new Logs({ registry: new ToolRegistry(), maxResultChars: 1_000 });
    const result = await agent.callTool("tail", {});
    expect(result.maxResultChars).toBe(100);
    expect(JSON.stringify(toOpenAIToolResult({ id: "c1", name: "tail" }, result)).length).toBeLessThan(600);
  });

  it("leaves a result under the limit whole, and refuses a limit that is not a positive count", async () => {
    const agent = new Logs({ registry: new ToolRegistry(), maxResultChars: 1_000 });
    const result = await agent.callTool("echo", { n: 10 });
    expect(toOpenAIToolResult({ id: "c1", name: "echo" }, result)).toMatchObject({ content: "z".repeat(10) });
    expect(() => new Logs({ registry: new ToolRegistry(), maxResultChars: 0 })).toThrow(/maxResultChars/);
  });
});
