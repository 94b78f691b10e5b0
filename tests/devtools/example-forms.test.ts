import { findAgents } from "../../src/cli/find-agents.js";
import { providerForms } from "../../src/devtools/provider-forms.js";

// Issue 39's target: every tool of the examples renders in all provider forms. The page draws each card from
// `providerForms` (its api/forms answer), so every tool of every example module `toolwright dev` can open is put
// through it here; the browser suite (tests/cli/dev.integration.test.ts) draws the cards of one. The modules are the
// examples that export agents; the others start servers or demos when imported.
const MODULES = [
  "dev-agent",
  "dev-agent-traced",
  "file-agent",
  "framework-adapters",
  "progress-agent",
  "results-agent",
  "runtime-agent",
  "tool-search-agent",
  "typed-agent",
];

const FORMS = [
  "openai-chat",
  "openai-chat-strict",
  "openai-responses",
  "openai-responses-strict",
  "anthropic",
  "gemini",
  "mcp",
];

describe("toolwright dev on the examples", () => {
  it.each(MODULES)("gives every tool of examples/%s.ts in all seven provider forms, none refused", async (name) => {
    const exports = (await import(`../../examples/${name}.js`)) as Record<string, unknown>;
    const tools = findAgents(exports).flatMap(({ agent }) => agent.tools().map((tool) => ({ agent, tool })));
    expect(tools.length).toBeGreaterThan(0);
    for (const { agent, tool } of tools) {
      const forms = providerForms(tool);
      const seen = { tool: `${agent.name}.${tool.name}`, forms: forms.map((form) => form.id) };
      expect(seen).toEqual({ tool: seen.tool, forms: FORMS });
      for (const form of forms) {
        expect({ tool: seen.tool, form: form.id, refused: form.refused }).toEqual({
          tool: seen.tool,
          form: form.id,
          refused: undefined,
        });
        expect(form.value).toBeDefined();
        expect(form.findings.filter((finding) => finding.severity === "error")).toEqual([]);
      }
    }
  });
});
