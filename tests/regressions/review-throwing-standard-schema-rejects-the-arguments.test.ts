import { z } from "zod";
import { BaseAgent, ToolRegistry, tool } from "toolwright";

describe("a Standard Schema whose validation throws", () => {
  it("rejects the arguments instead of the call", async () => {
    const schema = z.object({ json: z.string().transform((s) => JSON.parse(s) as unknown) });
    class Parser extends BaseAgent {
      @tool({ description: "Parse", params: schema })
      parse({ json }: z.infer<typeof schema>) {
        return json;
      }
    }
    const agent = new Parser({ registry: new ToolRegistry() });
    const result = await agent.callTool("parse", { json: "{not json" });
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.message).toMatch(/was rejected by the tool's schema/);
    expect((await agent.callTool("parse", { json: '{"a":1}' })).content).toEqual({ a: 1 });
  });
});
