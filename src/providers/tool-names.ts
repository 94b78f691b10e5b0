import { ToolDefinitionError } from "../errors/errors.js";
import type { CompatibilityFinding } from "../schema/finding.js";

/** One provider's rule for tool names. */
export interface ToolNameRule {
  readonly pattern: RegExp;
  /** The rule in words, for messages. */
  readonly text: string;
  /** Where the rule is documented. */
  readonly source: string;
}

/**
 * Returns a finding for every tool name `rule` refuses, and for every name used twice. `provider` names the rule's
 * provider in the findings (`<provider>.name`); each provider's rule sits in its folder's `limits.ts` and its row of
 * the provider table (toolwright's own rule, `^[a-zA-Z0-9_-]{1,64}$`, fits all of them but Gemini's first character).
 */
export function checkToolNames(
  tools: readonly { readonly name: string }[],
  provider: string,
  rule: ToolNameRule,
): CompatibilityFinding[] {
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
 * Throws when `rule` refuses a tool name, so no exporter ever emits one.
 * @throws {ToolDefinitionError} listing every bad or repeated name.
 */
export function assertToolNames(
  tools: readonly { readonly name: string }[],
  provider: string,
  rule: ToolNameRule,
): void {
  const findings = checkToolNames(tools, provider, rule);
  if (findings.length > 0) {
    throw new ToolDefinitionError(`Cannot export tools to ${provider}: ${findings.map((f) => f.message).join(" ")}`);
  }
}
