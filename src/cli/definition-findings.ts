import { relative } from "node:path";
import { ownToolEntries } from "../decorators/metadata.js";
import { isAgentClass } from "./find-agents.js";

/** A definition mistake the run time cannot refuse by itself, found by `inspect`. */
export interface DefinitionFinding {
  readonly severity: "warning";
  /** `file:line:column`, or the export's name. */
  readonly where: string;
  readonly rule: "definition.hidden-method" | "definition.not-an-agent";
  readonly message: string;
}

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

/**
 * Returns the exported classes that carry decorated methods but do not extend BaseAgent (their tools are never
 * listed; creating one throws), and, for a TypeScript module when the `typescript` package is installed, the decorated
 * methods marked `private` or `protected`, which run time cannot see.
 */
export async function definitionFindings(
  module: string,
  exports: Record<string, unknown>,
): Promise<DefinitionFinding[]> {
  const findings: DefinitionFinding[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== "function" || isAgentClass(value)) continue;
    const entries = ownToolEntries(value);
    if (entries.length === 0) continue;
    findings.push({
      severity: "warning",
      where: `export ${name}`,
      rule: "definition.not-an-agent",
      message:
        `class ${value.name} has decorated methods (${entries.map((e) => e.method).join(", ")}) but does not extend ` +
        "BaseAgent: its tools are never listed, and creating it throws.",
    });
  }
  if (!TYPESCRIPT.test(module)) return findings;
  let issues;
  try {
    const [{ loadTypeScript }, { findHiddenToolMethods }] = await Promise.all([
      import("../generate/load-typescript.js"),
      import("../generate/hidden-tool-methods.js"),
    ]);
    issues = findHiddenToolMethods(await loadTypeScript(), module);
  } catch {
    return findings; // no typescript package: the run-time checks are all there is
  }
  for (const issue of issues) {
    const where = `${relative(process.cwd(), issue.file) || issue.file}:${issue.line}:${issue.column}`;
    findings.push({ severity: "warning", where, rule: "definition.hidden-method", message: issue.message });
  }
  return findings;
}
