import { checkCompatibility } from "../providers/compatibility.js";
import type { ProviderRow } from "../providers/provider-row.js";
import { PROVIDER_NAMES, type ProviderName } from "../providers/provider-rules.js";
import { PROVIDER_TABLE } from "../providers/provider-table.js";
import type { CompatibilityFinding, Severity } from "../schema/finding.js";
import { toolRegistry } from "../registry/shared-registry.js";
import type { Tool } from "../tool/tool.js";
import { type AccessFinding, type KnownAgent, checkAllowedAgents, knownAgent } from "./allowed-agents-check.js";

// `inspect` hands its caller the reading of an agent's name too, so the command loads one module for both.
export { knownAgent };
import { firstLine } from "./cli-error.js";
import type { DefinitionFinding } from "./definition-findings.js";
import type { FoundAgent } from "./find-agents.js";

/**
 * How `inspect` rates a finding: a provider's `"error"` and `"warning"`, and `"info"` for a change toolwright makes
 * itself and keeps validating against the original schema (a keyword moved into the description, a strict-mode
 * rewrite, a keyword the provider ignores): nothing for the developer to fix.
 */
export type InspectSeverity = Severity | "info";

/** A compatibility finding, with the provider it is about. */
export interface ProviderFinding extends Omit<CompatibilityFinding, "severity"> {
  readonly provider: ProviderName;
  readonly severity: InspectSeverity;
}

/** What `inspect` checks beyond the tools' own form. */
export interface InspectOptions {
  /** Check OpenAI strict mode too (`--strict`); by default OpenAI is checked as `toOpenAITools(tools, { strict: false })`. */
  readonly strict?: boolean;
  /** Every agent name the module defines (also those `--agent` leaves out), for the `allowedAgents` check. */
  readonly agentNames?: readonly (string | KnownAgent)[];
  /** Definition mistakes found in the module's exports and source. */
  readonly definitions?: readonly DefinitionFinding[];
}

/** One tool as `inspect` reports it: its spec and the flags it declares (a predicate shown as `"conditional"`). */
export interface InspectedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: unknown;
  readonly flags: Readonly<Record<string, unknown>>;
}

/** One agent as `inspect` reports it. */
export interface InspectedAgent {
  readonly name: string;
  readonly className: string;
  readonly exportName: string;
  readonly tools: readonly InspectedTool[];
  /** With `--provider`: the tools in that provider's exact form (`null` when the exporter refused them). */
  readonly exported?: unknown;
  readonly findings: readonly ProviderFinding[];
}

/** A module-level tool of the shared `toolRegistry`. */
export interface ModuleTool {
  readonly name: string;
  readonly description: string;
  /** The agent names that may use it; `null` when every agent may. */
  readonly allowedAgents: readonly string[] | null;
}

/** What `toolwright inspect --json` prints. */
export interface InspectReport {
  readonly module: string;
  readonly provider: ProviderName | null;
  readonly agents: readonly InspectedAgent[];
  readonly moduleTools: readonly ModuleTool[];
  /** `allowedAgents` names of module-level tools that match no agent of the module. */
  readonly access: readonly AccessFinding[];
  /** Decorated methods the run time cannot refuse: TypeScript `private` ones, those of a class that is no agent. */
  readonly definitions: readonly DefinitionFinding[];
  readonly errors: number;
  readonly warnings: number;
  /** Findings about what toolwright rewrote itself (see {@link InspectSeverity}). */
  readonly infos: number;
}

/** The providers, in the order `inspect` checks them (the provider table's). */
export const PROVIDERS: readonly ProviderName[] = PROVIDER_NAMES;

// A row's options type is its own; inspect hands each row the options that row made for it.
function rowOf(provider: ProviderName): ProviderRow<object, never> {
  return PROVIDER_TABLE[provider] as ProviderRow<object, never>;
}

function exportTools(tools: readonly Tool[], provider: ProviderName, strict: boolean): unknown {
  const row = rowOf(provider);
  return row.exportTools(tools, row.inspectOptions(strict));
}

function describeTool(tool: Tool): InspectedTool {
  const { name, description, inputSchema, handler: _handler, ...flags } = tool;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags)) shown[key] = typeof value === "function" ? "conditional" : value;
  return { name, description, inputSchema, flags: shown };
}

// Rules whose warnings describe a rewrite toolwright performs and validates around: the model sees less of the
// schema, every call is still checked against all of it.
const REWRITTEN = /^(?:openai|anthropic)\.strict\.|^gemini\.json-schema\.keyword$/;

function rate(finding: CompatibilityFinding, provider: ProviderName): ProviderFinding {
  const severity = finding.severity === "warning" && REWRITTEN.test(finding.rule) ? "info" : finding.severity;
  return { provider, ...finding, severity };
}

function check(tools: readonly Tool[], target: ProviderName, strict: boolean): CompatibilityFinding[] {
  const row = rowOf(target);
  return checkCompatibility(tools, target, row.inspectOptions(strict) as never);
}

function inspectAgent(found: FoundAgent, provider: ProviderName | undefined, strict: boolean): InspectedAgent {
  const tools = found.agent.tools();
  const findings: ProviderFinding[] = [];
  let exported: unknown = null;
  for (const target of provider === undefined ? PROVIDERS : [provider]) {
    findings.push(...check(tools, target, strict).map((f) => rate(f, target)));
    try {
      const form = exportTools(tools, target, strict);
      if (target === provider) exported = form;
    } catch (error) {
      // The exporter refused (e.g. a tool name this provider rejects); the check has normally said why already.
      if (!findings.some((f) => f.provider === target && f.severity === "error")) {
        const message = firstLine(error);
        findings.push({ provider: target, tool: "", path: "", rule: `${target}.export`, severity: "error", message });
      }
    }
  }
  return {
    name: found.agent.name,
    className: found.className,
    exportName: found.exportName,
    tools: tools.map(describeTool),
    ...(provider === undefined ? {} : { exported }),
    findings,
  };
}

/** Returns the module-level tools of the shared registry, with who may use them. */
export function moduleTools(): ModuleTool[] {
  return toolRegistry.specs().map((spec) => {
    const allowed = toolRegistry.get(spec.name).allowedAgents;
    return { name: spec.name, description: spec.description, allowedAgents: allowed ? [...allowed] : null };
  });
}

/** Builds the `inspect` report of the agents found in a module. */
export function inspectAgents(
  module: string,
  agents: readonly FoundAgent[],
  provider: ProviderName | undefined,
  options: InspectOptions = {},
): InspectReport {
  const inspected = agents.map((found) => inspectAgent(found, provider, options.strict ?? false));
  const all = inspected.flatMap((agent) => agent.findings);
  const tools = moduleTools();
  const access = checkAllowedAgents(tools, options.agentNames ?? agents.map((found) => knownAgent(found.agent)));
  return {
    module,
    provider: provider ?? null,
    agents: inspected,
    moduleTools: tools,
    access,
    definitions: options.definitions ?? [],
    errors: all.filter((f) => f.severity === "error").length,
    warnings: all.filter((f) => f.severity === "warning").length + access.length + (options.definitions?.length ?? 0),
    infos: all.filter((f) => f.severity === "info").length,
  };
}
