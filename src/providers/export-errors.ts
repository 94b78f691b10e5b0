import { ToolDefinitionError } from "../errors/errors.js";
import type { CompatibilityFinding } from "../schema/finding.js";

/**
 * Throws when any finding is an error, so no exporter hands out a tool its provider would reject: the message names
 * each tool, the JSON Pointer into its schema, what the provider requires and the rule id, then `advice` (how to get
 * the tool exported: an option, or what to change in the schema).
 * @throws {ToolDefinitionError} listing every error finding.
 */
export function assertExportable(findings: readonly CompatibilityFinding[], provider: string, advice = ""): void {
  const errors = findings.filter((f) => f.severity === "error");
  if (errors.length === 0) return;
  const list = errors.map((f) => `${f.tool}${f.path}: ${f.message} [${f.rule}]`).join("; ");
  throw new ToolDefinitionError(`Cannot export these tools to ${provider}, which would reject them: ${list}${advice}`);
}
