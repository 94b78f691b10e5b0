import { BaseAgent, ErrorCode, ToolRegistry, p, tool } from "toolwright";

// The text a model reads for a call refused with one issue is kept and handed again while the same tool is refused
// for the same issue (issue 32: a refused call made cheaper). What the model reads must stay exactly what it was
// built from, whatever came between: another field, another reason on the same field, another tool, several issues.
describe("the invalid-arguments text of a refused call", () => {
  class Adder extends BaseAgent {
    static override agentName = "invalid_text_adder";

    @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
    add({ a, b }: { a: number; b: number }): number {
      return a + b;
    }

    @tool({ description: "Add two numbers too", params: { a: p.number(), b: p.number() }, readOnly: true })
    sum({ a, b }: { a: number; b: number }): number {
      return a + b;
    }
  }
  const agent = new Adder({ registry: new ToolRegistry() });

  async function textOf(name: string, args: object): Promise<string | undefined> {
    const result = await agent.callTool(name, args);
    expect(result).toMatchObject({ outcome: "invalid_arguments", error: { code: ErrorCode.InvalidArguments } });
    return result.ok ? undefined : result.error.message;
  }

  const fix = ". Fix the arguments and call the tool again.";

  it("names the tool, field and reason of each call, repeated or not", async () => {
    const calls: [string, object, string][] = [
      ["add", { a: 1, b: "two" }, 'Invalid arguments for tool "add": /b must be number'],
      ["add", { a: 1, b: "two" }, 'Invalid arguments for tool "add": /b must be number'],
      ["add", { a: "one", b: 2 }, 'Invalid arguments for tool "add": /a must be number'],
      ["add", { a: 1 }, 'Invalid arguments for tool "add": /b is required'],
      ["sum", { a: 1 }, 'Invalid arguments for tool "sum": /b is required'],
      ["sum", { a: "one", b: 2 }, 'Invalid arguments for tool "sum": /a must be number'],
      ["sum", { a: "one", b: "two" }, 'Invalid arguments for tool "sum": /a must be number; /b must be number'],
      ["sum", { a: 1 }, 'Invalid arguments for tool "sum": /b is required'],
      ["add", { a: 1 }, 'Invalid arguments for tool "add": /b is required'],
      ["add", { a: 1, b: "two" }, 'Invalid arguments for tool "add": /b must be number'],
    ];
    for (const [name, args, text] of calls) expect(await textOf(name, args)).toBe(text + fix);
  });
});
