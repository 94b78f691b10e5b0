import { checkKnownKeys } from "../../errors/known-keys.js";
import { type ExportableTool } from "../../tool/exportable-tool.js";
import { type ObjectSchemaObject, cloneJson, copyBuiltJson } from "../../schema/json.js";
import { type CompatibilityFinding, FindingCollector, type Severity } from "../../schema/finding.js";
import { visitSchemas } from "../../schema/visit.js";
import { typesOf } from "../../schema/strict/strict-nullable.js";
import { toStrictJsonSchema } from "../../schema/strict/rewrite.js";
import { assertExportable } from "../export-errors.js";
import { flattenRoots } from "../flatten-tools.js";
import { assertToolNames, checkToolNames } from "../tool-names.js";
import { ANTHROPIC_NAME_RULE } from "./limits.js";
import { withGrammar } from "../example-text.js";
import { fitExamples } from "./fit-examples.js";
import { type AnthropicToolFields, anthropicToolFields } from "./tool-fields.js";
import { type AnthropicToolSearch, type AnthropicToolSearchTool, anthropicToolSearchTool } from "./tool-search.js";

/** A prompt-caching breakpoint (`CacheControlEphemeral` in @anthropic-ai/sdk). */
export interface AnthropicCacheControl {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

/** Options of {@link toAnthropicTools}. */
export interface AnthropicToolOptions {
  /** Strict tool use. `true`: every tool (throws when one cannot be); `"auto"`: each tool that can be; default false. */
  readonly strict?: boolean | "auto";
  /** Put this breakpoint on the last tool (the last one not deferred), which caches the whole tool list. */
  readonly cacheControl?: AnthropicCacheControl;
  /**
   * How deferred tools are found. Set: each `deferred` tool carries `defer_loading: true` and the search tool goes
   * first in the list. Unset (the default): deferred tools go out loaded, as `agent.toolsForTurn()` leaves them.
   */
  readonly toolSearch?: AnthropicToolSearch;
  /**
   * Merge `anyOf`/`oneOf`/`allOf` at the root of a schema (which Anthropic rejects there) into one object schema
   * instead of throwing; see docs/providers.md. Calls are still validated against the original.
   */
  readonly flattenRoot?: boolean;
}

/** A custom tool for the Messages API (`Tool` in @anthropic-ai/sdk). */
export interface AnthropicTool extends AnthropicToolFields {
  name: string;
  description: string;
  input_schema: ObjectSchemaObject;
  strict?: boolean;
  cache_control?: AnthropicCacheControl;
  /** Left out of the prompt until a tool search returns a `tool_reference` to it. */
  defer_loading?: boolean;
}

// Per-request limits of strict tool use, summed over all strict tools:
// https://platform.claude.com/docs/en/build-with-claude/structured-outputs (limits: 20 strict tools, 24 optional
// parameters, 16 parameters using `anyOf` or type arrays).
const BUDGET = { tools: 20, optional: 24, unions: 16 };

function complexity(schema: ObjectSchemaObject): { optional: number; unions: number } {
  let optional = 0;
  let unions = 0;
  visitSchemas(schema, (node) => {
    if (node.properties !== null && typeof node.properties === "object") {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      optional += Object.keys(node.properties).filter((k) => !required.has(k)).length;
    }
    if (Array.isArray(node.anyOf) || typesOf(node).length > 1) unions += 1;
  });
  return { optional, unions };
}

/** Plans the export of each tool for Anthropic and collects the findings. Never throws. */
export function planAnthropicTools(
  tools: readonly ExportableTool[],
  strict: boolean | "auto",
  flatten = false,
): { readonly tools: readonly AnthropicTool[]; readonly findings: readonly CompatibilityFinding[] } {
  const findings: CompatibilityFinding[] = checkToolNames(tools, "anthropic", ANTHROPIC_NAME_RULE);
  const used = { tools: 0, optional: 0, unions: 0 };
  const flat = flattenRoots(tools, "anthropic", ["anyOf", "oneOf", "allOf"], flatten, findings);
  const planned = flat.map((tool): AnthropicTool => {
    const found = new FindingCollector(tool.name);
    const schema = tool.inputSchema;
    if (schema.type !== "object")
      found.add([], "anthropic.root", "error", 'input_schema must have `"type": "object"`.');
    // 400 "input_schema does not support oneOf, allOf, or anyOf at the top level" (github.com/anthropics/claude-code/issues/5973).
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      if (schema[key] !== undefined)
        found.add(
          [key],
          "anthropic.root",
          "error",
          `input_schema does not support \`${key}\` at the top level; move it into a property, or pass flattenRoot: true.`,
        );
    }
    const loose: AnthropicTool = {
      name: tool.name,
      // Anthropic takes examples (input_examples) but no grammar: the grammar goes in the description.
      description: withGrammar(tool.description, tool.grammar),
      input_schema: cloneJson(schema) as ObjectSchemaObject,
      ...anthropicToolFields(tool, found),
    };
    findings.push(...found.findings);
    if (strict === false) return withFittingExamples(loose, findings);
    const rewrite = toStrictJsonSchema(schema, { provider: "anthropic", tool: tool.name });
    const cost = complexity(rewrite.schema);
    const over = [
      used.tools + 1 > BUDGET.tools && `more than ${BUDGET.tools} strict tools`,
      used.optional + cost.optional > BUDGET.optional && `more than ${BUDGET.optional} optional parameters`,
      used.unions + cost.unions > BUDGET.unions && `more than ${BUDGET.unions} union-typed parameters`,
    ].filter((x): x is string => typeof x === "string");
    const severity: Severity = strict === true ? "error" : "warning";
    if (over.length > 0) {
      findings.push({
        tool: tool.name,
        path: "",
        rule: "anthropic.strict.limit",
        severity,
        message: `Strict tool use allows per request at most ${BUDGET.tools} tools, ${BUDGET.optional} optional and ${BUDGET.unions} union-typed parameters; this tool would make ${over.join(", ")}.`,
      });
    }
    findings.push(...rewrite.findings.map((f) => (f.severity === "error" ? { ...f, severity } : f)));
    if (strict === "auto" && (!rewrite.strict || over.length > 0)) {
      findings.push({
        tool: tool.name,
        path: "",
        rule: "anthropic.strict.fallback",
        severity: "warning",
        message: "Exported without strict: true (see the other findings).",
      });
      return withFittingExamples(loose, findings);
    }
    used.tools += 1;
    used.optional += cost.optional;
    used.unions += cost.unions;
    return withFittingExamples({ ...loose, input_schema: copyBuiltJson(rewrite.schema), strict: true }, findings);
  });
  return { tools: planned, findings };
}

// The tool with only the examples its exported input_schema accepts (see fitExamples).
function withFittingExamples(tool: AnthropicTool, findings: CompatibilityFinding[]): AnthropicTool {
  if (tool.input_examples === undefined) return tool;
  const examples = fitExamples(tool.name, tool.input_examples, tool.input_schema, findings);
  if (examples.length === tool.input_examples.length) return tool;
  const { input_examples: _all, ...rest } = tool;
  return examples.length === 0 ? rest : { ...rest, input_examples: examples };
}

const ANTHROPIC_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ strict: 0, cacheControl: 0, toolSearch: 0, flattenRoot: 0 } satisfies Record<
    keyof AnthropicToolOptions,
    0
  >),
);

/**
 * Returns the tools in the exact form the Anthropic Messages API takes them: `{ name, description, input_schema }`,
 * with `strict: true` for strict tools (whose schema is rewritten, see "Strict mode" in docs/providers.md) and
 * `cache_control` on the last tool that is not deferred when asked. With `toolSearch`, deferred tools carry
 * `defer_loading: true` and the search tool comes first. The input specs are never changed.
 * @throws {ToolDefinitionError} for an option key it does not know (naming the closest), when Anthropic would reject a tool (its name, `anyOf`, `oneOf` or `allOf` at the root
 *   of its schema), when `strict: true` and a tool cannot be strict (the message lists each tool, path and rule), or
 *   when a tool takes the name of the search tool `toolSearch` adds.
 * @example
 * await anthropic.messages.create({ model, max_tokens, messages, tools: toAnthropicTools(agent.toolSpecs()) });
 */
export function toAnthropicTools(
  tools: readonly ExportableTool[],
  options: AnthropicToolOptions & { readonly toolSearch: "bm25" | "regex" },
): (AnthropicTool | AnthropicToolSearchTool)[];
export function toAnthropicTools(
  tools: readonly ExportableTool[],
  options?: AnthropicToolOptions & { readonly toolSearch?: "client" },
): AnthropicTool[];
export function toAnthropicTools(
  tools: readonly ExportableTool[],
  options?: AnthropicToolOptions,
): (AnthropicTool | AnthropicToolSearchTool)[];
export function toAnthropicTools(
  tools: readonly ExportableTool[],
  options: AnthropicToolOptions = {},
): (AnthropicTool | AnthropicToolSearchTool)[] {
  checkKnownKeys(options, ANTHROPIC_OPTION_KEYS, "toAnthropicTools options");
  assertToolNames(tools, "anthropic", ANTHROPIC_NAME_RULE);
  const strict = options.strict ?? false;
  const plan = planAnthropicTools(tools, strict, options.flattenRoot);
  const advice =
    strict === true ? ' (with strict: true every tool must be strict; strict: "auto" falls back per tool)' : "";
  assertExportable(plan.findings, "anthropic", advice);
  const search = options.toolSearch && anthropicToolSearchTool(tools, options.toolSearch);
  const out = plan.tools.map((t, i) => (search && tools[i]!.deferred ? { ...t, defer_loading: true } : { ...t }));
  // A breakpoint caches the prompt up to its tool; deferred tools are not in the prompt, so it goes on a loaded one.
  const last = out.filter((t) => !t.defer_loading).at(-1) ?? (search || undefined);
  if (last && options.cacheControl) last.cache_control = { ...options.cacheControl };
  return search ? [search, ...out] : out;
}
