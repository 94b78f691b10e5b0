import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

// RE2 knows Unicode properties by their short names and scripts (\p{L}, \p{Greek}); ECMAScript also accepts the long
// names (\p{Letter}) and `General_Category=`/`Script=` forms, which RE2 refused as "cannot be matched in linear time".
describe("Unicode property escapes in patterns", () => {
  it("accepts the long names ECMAScript accepts", async () => {
    class Names extends BaseAgent {
      @tool({
        description: "Names",
        params: {
          word: p.string({ pattern: "^\\p{Letter}+$" }),
          digits: p.string({ pattern: "^\\p{Decimal_Number}+$" }),
          greek: p.string({ pattern: "^\\p{Script=Greek}+$" }),
          other: p.string({ pattern: "^\\P{Lowercase_Letter}+$" }),
        },
      })
      names() {
        return "ran";
      }
    }
    const agent = new Names({ registry: new ToolRegistry() });
    const valid = await agent.callTool("names", { word: "École", digits: "٣3", greek: "αβγ", other: "ABC" });
    expect(valid.ok).toBe(true);
    const invalid = await agent.callTool("names", { word: "a1", digits: "x", greek: "abc", other: "abc" });
    expect(invalid.error?.issues?.map((issue) => issue.path)).toEqual(["/word", "/digits", "/greek", "/other"]);
  });

  it("refuses a property name that does not exist with that reason, not linear time", () => {
    const registry = new ToolRegistry();
    const register = () =>
      registry.register("odd", () => "ran", {
        description: "Odd",
        inputSchema: { type: "object", properties: { s: { type: "string", pattern: "\\p{NoSuchProperty}" } } },
      });
    expect(register).toThrow(ToolDefinitionError);
    expect(register).toThrow(/unknown Unicode property "NoSuchProperty"/);
    expect(register).not.toThrow(/linear time/);
  });

  it("keeps the documented refusal for lookaround and backreferences", () => {
    const registry = new ToolRegistry();
    expect(() =>
      registry.register("look", () => "ran", {
        description: "Look",
        inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(?!a)" } } },
      }),
    ).toThrow(/lookahead, lookbehind or backreferences/);
  });
});
