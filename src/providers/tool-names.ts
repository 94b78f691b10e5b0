import { ToolDefinitionError } from "../errors/errors.js";
import type { CompatibilityFinding, ProviderName } from "../schema/finding.js";

/** One provider's rule for tool names. */
export interface ToolNameRule {
  readonly pattern: RegExp;
  /** The rule in words, for messages. */
  readonly text: string;
  /** Where the rule is documented. */
  readonly source: string;
}

/**
 * Tool-name rules, per provider. toolwright's own rule (`^[a-zA-Z0-9_-]{1,64}$`, checked at definition time) fits all
 * of them except Gemini's first character, which must be a letter or an underscore.
 */
export const TOOL_NAME_RULES: Readonly<Record<ProviderName, ToolNameRule>> = {
  openai: {
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    text: "1-64 letters, digits, underscores or dashes",
    // FunctionDefinition.name in the API reference and in openai-node `resources/shared.ts`.
    source: "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools",
  },
  anthropic: {
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    text: "1-64 letters, digits, underscores or dashes",
    source: "https://platform.claude.com/docs/en/api/messages (tools[].name)",
  },
  gemini: {
    // The Gemini API allows 128 characters, Vertex AI 64: the stricter of the two keeps a tool portable between them.
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    text: "a letter or underscore, then up to 63 letters, digits, underscores, dots, colons or dashes",
    source: "https://ai.google.dev/api/caching#FunctionDeclaration (and @google/genai FunctionDeclaration.name)",
  },
  mcp: {
    pattern: /^[A-Za-z0-9._-]{1,128}$/,
    text: "1-128 letters, digits, underscores, dashes or dots",
    source: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names (SEP-986)",
  },
};

/** Returns a finding for every tool name `provider` rejects, and for every name used twice. */
export function checkToolNames(
  tools: readonly { readonly name: string }[],
  provider: ProviderName,
): CompatibilityFinding[] {
  const rule = TOOL_NAME_RULES[provider];
  const findings: CompatibilityFinding[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tools.length; i++) {
    const { name } = tools[i]!;
    if (!rule.pattern.test(name)) {
      findings.push({
        tool: name,
        path: "",
        rule: `${provider}.name`,
        severity: "error",
        message: `${provider} tool names must be ${rule.text}; ${JSON.stringify(name)} is not.`,
      });
    }
    if (seen.has(name)) {
      findings.push({
        tool: name,
        path: "",
        rule: `${provider}.duplicate-name`,
        severity: "error",
        message: `Two tools are named ${JSON.stringify(name)}; the model could not tell them apart.`,
      });
    }
    seen.add(name);
  }
  return findings;
}

/**
 * Throws when `provider` would reject a tool name, so no exporter ever emits one.
 * @throws {ToolDefinitionError} listing every bad or repeated name.
 */
export function assertToolNames(tools: readonly { readonly name: string }[], provider: ProviderName): void {
  const findings = checkToolNames(tools, provider);
  if (findings.length > 0) {
    throw new ToolDefinitionError(`Cannot export tools to ${provider}: ${findings.map((f) => f.message).join(" ")}`);
  }
}
