import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { providerForms } from "../../src/devtools/provider-forms.js";

describe("providerForms", () => {
  it("gives one tool in all seven provider forms, each with its findings", () => {
    class Catalogue extends BaseAgent {
      @tool({ description: "Search", params: { query: p.string(), limit: p.integer().default(10) } })
      search() {
        return [];
      }
    }
    const [search] = new Catalogue({ registry: new ToolRegistry() }).tools();
    const forms = providerForms(search!);
    expect(forms.map((form) => form.id)).toEqual([
      "openai-chat",
      "openai-chat-strict",
      "openai-responses",
      "openai-responses-strict",
      "anthropic",
      "gemini",
      "mcp",
    ]);
    const byId = new Map(forms.map((form) => [form.id, form]));
    expect(byId.get("openai-chat")?.value).toMatchObject({
      type: "function",
      function: { name: "search", strict: false },
    });
    expect(byId.get("openai-responses-strict")?.value).toMatchObject({
      type: "function",
      name: "search",
      strict: true,
    });
    expect(byId.get("anthropic")?.value).toMatchObject({ name: "search", input_schema: { type: "object" } });
    expect(byId.get("mcp")?.value).toMatchObject({ name: "search", inputSchema: { type: "object" } });
    // Strict mode moves `default` into the description: a finding on that path, on the strict cards only.
    expect(byId.get("openai-chat-strict")?.findings.map((f) => f.path)).toContain("/properties/limit/default");
    expect(byId.get("openai-chat")?.findings).toEqual([]);
  });

  it("shows the exporter's refusal, with the findings that explain it, when a provider cannot take the tool", () => {
    class Settings extends BaseAgent {
      @tool({ description: "Set labels", params: { labels: p.record(p.string()) } })
      label() {
        return "ok";
      }
    }
    const [label] = new Settings({ registry: new ToolRegistry() }).tools();
    const strict = providerForms(label!).find((form) => form.id === "openai-chat-strict")!;
    expect(strict.value).toBeUndefined();
    expect(strict.refused).toMatch(/strict/);
    expect(strict.findings.some((f) => f.severity === "error")).toBe(true);
  });
});
