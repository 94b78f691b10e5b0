import { checkDefaultCompatibility } from "../providers/default-compatibility.js";
import type { ProviderName } from "../providers/provider-rules.js";
import type { CompatibilityFinding } from "../schema/finding.js";
import type { ToolDefinition } from "../tool/tool-definition.js";

/** The providers a registry checks every new tool against, and where the findings go. */
export interface CompatibilityWarningOptions {
  /** The providers the app sends tools to; each tool is checked against their rules when it is first registered. */
  readonly providers?: readonly ProviderName[];
  /** Receives a tool's findings, once per tool; by default each one is printed with `console.warn`. */
  readonly onFindings?: (findings: readonly CompatibilityFinding[]) => void;
}

function warnToConsole(findings: readonly CompatibilityFinding[]): void {
  for (const f of findings) {
    console.warn(`toolwright: ${f.severity} for tool "${f.tool}" at ${f.path || "(root)"} [${f.rule}]: ${f.message}`);
  }
}

/**
 * Checks tools against the declared providers' rules when they are registered, and reports each tool's findings
 * once (a class's tools are checked on its first instance, never again per instance).
 */
export class CompatibilityWarnings {
  readonly #providers: readonly ProviderName[];
  readonly #report: (findings: readonly CompatibilityFinding[]) => void;
  readonly #checked = new WeakSet<ToolDefinition>();

  /** Creates the checker; with no providers it does nothing. */
  constructor(options: CompatibilityWarningOptions = {}) {
    this.#providers = options.providers ?? [];
    this.#report = options.onFindings ?? warnToConsole;
  }

  /** Checks the definitions not checked before and reports what they cannot keep. */
  check(definitions: readonly ToolDefinition[]): void {
    if (this.#providers.length === 0) return;
    const fresh = definitions.filter((definition) => !this.#checked.has(definition));
    if (fresh.length === 0) return;
    for (const definition of fresh) this.#checked.add(definition);
    const findings = this.#providers.flatMap((provider) => checkDefaultCompatibility(fresh, provider));
    if (findings.length > 0) this.#report(findings);
  }
}
