import {
  ToolDefinitionError,
  type ExportableTool,
  checkCompatibility,
  toAnthropicTools,
  toOpenAITools,
} from "toolwright";

const grammarTool = (syntax: "lark" | "regex", definition: string): ExportableTool => ({
  name: "open_day",
  description: "Open a day",
  inputSchema: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
  grammar: { syntax, definition },
});
const asCustom = { api: "responses", customTools: true } as const;
const grammarFindings = (tool: ExportableTool) =>
  checkCompatibility([tool], "openai", asCustom).filter((f) => f.rule === "openai.grammar");

describe("OpenAI custom-tool grammar limits in the compatibility report", () => {
  it("passes the grammars OpenAI's engine takes", () => {
    expect(grammarFindings(grammarTool("regex", "\\d{4}-\\d{2}-\\d{2}"))).toEqual([]);
    expect(grammarFindings(grammarTool("regex", "[(?=]x+(?:ab)?"))).toEqual([]);
    const lark = 'start: expr\nexpr: NUMBER ("+" NUMBER)*\n// a comment: x.2: y\n%import common.NUMBER\nT: /[a-z]+/i';
    expect(grammarFindings(grammarTool("lark", lark))).toEqual([]);
  });

  it("reports lookarounds, lazy quantifiers and backreferences in a regex grammar as errors", () => {
    const messages = (definition: string) => grammarFindings(grammarTool("regex", definition)).map((f) => f.message);
    expect(messages("\\d+(?=px)")).toEqual([expect.stringMatching(/lookaround/)]);
    expect(messages("(?<!a)b")).toEqual([expect.stringMatching(/lookaround/)]);
    expect(messages("a+?b")).toEqual([expect.stringMatching(/lazy quantifier/)]);
    expect(messages("(a)\\1")).toEqual([expect.stringMatching(/backreference/)]);
    expect(grammarFindings(grammarTool("regex", "x*?"))[0]).toMatchObject({ severity: "error", tool: "open_day" });
  });

  it("reports imports other than common, priorities, templates and bad terminal regexes in a Lark grammar", () => {
    const messages = (definition: string) => grammarFindings(grammarTool("lark", definition)).map((f) => f.message);
    expect(messages("start: WORD\n%import other.WORD")).toEqual([
      expect.stringMatching(/import other than.*other\.WORD/),
    ]);
    expect(messages("start: A\nA.2: /a/")).toEqual([expect.stringMatching(/priority/)]);
    expect(messages("start: list{x}\nlist{item}: item+")).toEqual([expect.stringMatching(/template/)]);
    expect(messages('start: A\nA: /a(?=b)/ | "(?=not a regex)"')).toEqual([expect.stringMatching(/lookaround/)]);
  });

  it("refuses such a grammar when it goes out as a custom tool, and leaves the function form alone", () => {
    const tool = grammarTool("regex", "\\d+(?=px)");
    expect(() => toOpenAITools([tool], asCustom)).toThrow(ToolDefinitionError);
    expect(() => toOpenAITools([tool], { api: "responses" })).not.toThrow();
    expect(checkCompatibility([tool], "openai", { api: "responses" })).toEqual([]);
  });
});

describe("Anthropic input_examples against the input_schema as exported", () => {
  const tool: ExportableTool = {
    name: "forecast",
    description: "Get the forecast",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    examples: [{ city: "Oslo" }, { city: "Lima", note: "an extra field the open schema allows" }],
  };

  it("sends every example when the schema goes out as it is", () => {
    const [loose] = toAnthropicTools([tool]);
    expect(loose!.input_examples).toEqual(tool.examples);
    expect(checkCompatibility([tool], "anthropic")).toEqual([]);
  });

  it("leaves out, with a warning, an example that strict mode's closed schema would refuse (a 400 otherwise)", () => {
    const [strict] = toAnthropicTools([tool], { strict: true });
    expect(strict!.input_examples).toEqual([{ city: "Oslo" }]);
    expect(checkCompatibility([tool], "anthropic", { strict: true })).toEqual([
      expect.objectContaining({
        rule: "anthropic.input-examples",
        severity: "warning",
        message: expect.stringMatching(/input_examples\[1\]/),
      }),
    ]);
  });
});
