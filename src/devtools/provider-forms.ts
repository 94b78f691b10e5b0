import { toAnthropicTools } from "../providers/anthropic/export.js";
import { checkCompatibility } from "../providers/compatibility.js";
import { toGeminiTools } from "../providers/gemini/export.js";
import { toMcpTools } from "../providers/mcp/export.js";
import { toOpenAITools } from "../providers/openai/export.js";
import type { CompatibilityFinding } from "../schema/finding.js";
import type { Tool } from "../tool/tool.js";

/** One tool as one provider receives it: the exporter's output (or why it refused) and what the check found. */
export interface ProviderForm {
  /** A stable id for the page (`openai-chat-strict`, `anthropic`, ...). */
  readonly id: string;
  readonly label: string;
  /** The tool in the provider's exact form; absent when the exporter refused it. */
  readonly value?: unknown;
  /** The exporter's message when it refused the tool. */
  readonly refused?: string;
  readonly findings: readonly CompatibilityFinding[];
}

interface FormSpec {
  readonly id: string;
  readonly label: string;
  readonly exportOne: (tools: readonly Tool[]) => unknown[];
  readonly check: (tools: readonly Tool[]) => CompatibilityFinding[];
}

// Strict columns export with `strict: true`, not "auto": the page shows what OpenAI refuses, not a silent fallback.
const FORMS: readonly FormSpec[] = [
  {
    id: "openai-chat",
    label: "OpenAI Chat",
    exportOne: (t) => toOpenAITools(t, { api: "chat", strict: false }),
    check: (t) => checkCompatibility(t, "openai", { api: "chat", strict: false }),
  },
  {
    id: "openai-chat-strict",
    label: "OpenAI Chat (strict)",
    exportOne: (t) => toOpenAITools(t, { api: "chat", strict: true }),
    check: (t) => checkCompatibility(t, "openai", { api: "chat", strict: true }),
  },
  {
    id: "openai-responses",
    label: "OpenAI Responses",
    exportOne: (t) => toOpenAITools(t, { api: "responses", strict: false }),
    check: (t) => checkCompatibility(t, "openai", { api: "responses", strict: false }),
  },
  {
    id: "openai-responses-strict",
    label: "OpenAI Responses (strict)",
    exportOne: (t) => toOpenAITools(t, { api: "responses", strict: true }),
    check: (t) => checkCompatibility(t, "openai", { api: "responses", strict: true }),
  },
  {
    id: "anthropic",
    label: "Anthropic",
    exportOne: (t) => toAnthropicTools(t),
    check: (t) => checkCompatibility(t, "anthropic"),
  },
  { id: "gemini", label: "Gemini", exportOne: (t) => toGeminiTools(t), check: (t) => checkCompatibility(t, "gemini") },
  { id: "mcp", label: "MCP", exportOne: (t) => toMcpTools(t), check: (t) => checkCompatibility(t, "mcp") },
];

/** Returns one tool's definition in every provider's form, each with its compatibility findings. */
export function providerForms(tool: Tool): ProviderForm[] {
  const tools = [tool];
  return FORMS.map(({ id, label, exportOne, check }) => {
    const findings = check(tools);
    try {
      return { id, label, value: exportOne(tools)[0], findings };
    } catch (error) {
      return { id, label, refused: error instanceof Error ? error.message : String(error), findings };
    }
  });
}
