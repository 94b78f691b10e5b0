import { ToolDefinitionError } from "../../errors/errors.js";
import { checkKnownKeys } from "../../errors/known-keys.js";
import { type ExportableTool } from "../../tool/exportable-tool.js";
import { type ObjectSchemaObject, cloneJson, copyBuiltJson } from "../../schema/json.js";
import { type CompatibilityFinding, FindingCollector } from "../../schema/finding.js";
import { typesOf } from "../../schema/strict/strict-nullable.js";
import { toStrictJsonSchema } from "../../schema/strict/rewrite.js";
import { visitSchemas } from "../../schema/visit.js";
import { ROOT_COMBINATORS } from "../../schema/flatten-root.js";
import { assertExportable } from "../export-errors.js";
import { flattenRoots } from "../flatten-tools.js";
import { assertToolNames, checkToolNames } from "../tool-names.js";
import { OPENAI_NAME_RULE } from "./limits.js";
import { describedTool } from "../example-text.js";
import { type OpenAICustomTool, toCustomTool } from "./custom-tool.js";
import { checkOpenAIGrammar } from "./grammar-limits.js";
import {
  type OpenAIResponsesToolEntry,
  type OpenAIToolNamespace,
  type OpenAIToolSearch,
  arrangeForToolSearch,
} from "./tool-search.js";

const STRICT_ADVICE =
  ' (with strict: true every tool must be strict; strict: "auto" falls back to strict: false per tool)';

/** Which OpenAI API the tools are for. */
export type OpenAIApi = "chat" | "responses";

/** Options of {@link toOpenAITools}. */
export interface OpenAIToolOptions {
  /** `"chat"` (Chat Completions, the default) or `"responses"` (the Responses API). */
  readonly api?: OpenAIApi;
  /**
   * Structured Outputs for the arguments. `true`: every tool strict (throws when one cannot be); `false`: none;
   * `"auto"` (the default): strict for each tool that can be, non-strict for the others.
   */
  readonly strict?: boolean | "auto";
  /**
   * Responses API only: who runs `tool_search` over the `deferred` tools, which then carry `defer_loading: true`.
   * Unset (the default): deferred tools go out loaded, as `agent.toolsForTurn()` leaves them.
   */
  readonly toolSearch?: OpenAIToolSearch;
  /**
   * Responses API only: a tool that declares a `grammar` goes out as a custom tool (`{ type: "custom", name,
   * description, format: { type: "grammar", syntax, definition } }`), whose calls come as `custom_tool_call` items
   * carrying the text. Off (the default): it goes out as a function, the grammar in its description.
   */
  readonly customTools?: boolean;
  /** Responses API with `toolSearch` only: put the deferred tools in this namespace (e.g. one per agent). */
  readonly namespace?: OpenAIToolNamespace;
  /**
   * Merge `anyOf`/`oneOf`/`allOf`/`enum`/`const`/`not` at the root of a schema (which OpenAI rejects there) into one
   * object schema instead of throwing; see docs/providers.md. Calls are still validated against the original.
   */
  readonly flattenRoot?: boolean;
}

/** A function tool for Chat Completions (`ChatCompletionFunctionTool` in the openai package). */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description: string; parameters: ObjectSchemaObject; strict: boolean };
}

/** Who may call a Responses function tool: the model itself, or a program it runs (programmatic tool calling). */
export type OpenAICaller = "direct" | "programmatic";

/** A function tool for the Responses API (`FunctionTool` in the openai package, 7.x). */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: ObjectSchemaObject;
  strict: boolean;
  /** From the tool's `allowedCallers` (Anthropic's `code_execution_*` callers become `"programmatic"`). */
  allowed_callers?: OpenAICaller[];
  /** The tool's `returns` schema: the JSON value its string output encodes. */
  output_schema?: Record<string, unknown>;
}

interface PlannedTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: ObjectSchemaObject;
  readonly strict: boolean;
  /** Responses only: `allowed_callers`, when the tool has `allowedCallers`. */
  readonly callers: OpenAICaller[] | undefined;
}

/**
 * Plans the export of each tool: its parameters, whether it is strict, and the findings. Never throws. `namesChecked`:
 * the caller asserted the names already (`assertToolNames`), so there is no name finding to look for again.
 */
export function planOpenAITools(
  tools: readonly ExportableTool[],
  strict: boolean | "auto",
  flatten = false,
  namesChecked = false,
  api: OpenAIApi = "chat",
  customTools = false,
): { readonly tools: readonly PlannedTool[]; readonly findings: readonly CompatibilityFinding[] } {
  const findings: CompatibilityFinding[] = namesChecked ? [] : checkToolNames(tools, "openai", OPENAI_NAME_RULE);
  const planned = flattenRoots(tools, "openai", ROOT_FORBIDDEN, flatten, findings).map((tool) => {
    // Only a custom tool sends its grammar to OpenAI's engine; the function form carries it in the description.
    if (customTools && api === "responses") checkOpenAIGrammar(tool, findings);
    return { ...planOne(tool, strict, findings), callers: openAICallers(tool, api, findings) };
  });
  return { tools: planned, findings };
}

// Anthropic's callers for code the model runs: on OpenAI, a program the model runs is one caller, "programmatic".
const PROGRAMMATIC = /^code_execution_\d{8}$/;

// The tool's `allowed_callers` on the Responses API (none on Chat Completions, which has no such field: a warning).
function openAICallers(
  tool: ExportableTool,
  api: OpenAIApi,
  findings: CompatibilityFinding[],
): OpenAICaller[] | undefined {
  if (tool.allowedCallers === undefined) return undefined;
  const finding = (severity: "error" | "warning", message: string) =>
    findings.push({ tool: tool.name, path: "", rule: "openai.allowed-callers", severity, message });
  if (api === "chat") {
    finding(
      "warning",
      "allowedCallers is not sent: Chat Completions function tools have no allowed_callers field (the Responses API's " +
        'have), so the model calls the tool as any other. Export with api: "responses" to send it.',
    );
    return undefined;
  }
  const callers = new Set<OpenAICaller>();
  const unknown: string[] = [];
  for (const caller of tool.allowedCallers) {
    if (caller === "direct" || caller === "programmatic") callers.add(caller);
    else if (PROGRAMMATIC.test(caller)) callers.add("programmatic");
    else unknown.push(caller);
  }
  if (unknown.length > 0) {
    finding(
      "error",
      `allowed_callers takes "direct" and "programmatic" (Anthropic's code_execution_* callers are sent as ` +
        `"programmatic"); ${unknown.map((c) => JSON.stringify(c)).join(", ")} is not one.`,
    );
  }
  return [...callers];
}

// One tool's plan, its findings added to `findings`. A module function, not a closure per tool.
function planOne(
  tool: ExportableTool,
  strict: boolean | "auto",
  findings: CompatibilityFinding[],
): Omit<PlannedTool, "callers"> {
  if (strict !== false) {
    const rewrite = toStrictJsonSchema(tool.inputSchema, { provider: "openai", tool: tool.name });
    if (rewrite.strict || strict === true) {
      const found = rewrite.findings;
      for (let i = 0; i < found.length; i++) findings.push(found[i]!);
      return {
        name: tool.name,
        description: describedTool(tool),
        parameters: copyBuiltJson(rewrite.schema),
        strict: true,
      };
    }
    // strict: "auto" — what blocks strict mode is not sent, so it is no error: the tool goes out non-strict.
    findings.push(...rewrite.findings.map((f) => ({ ...f, severity: "warning" as const })));
    findings.push({
      tool: tool.name,
      path: "",
      rule: "openai.strict.fallback",
      severity: "warning",
      message: "The schema cannot be made strict (see the other findings); the tool is exported with strict: false.",
    });
  }
  const { parameters, findings: found } = looseParameters(tool);
  findings.push(...found);
  return { name: tool.name, description: describedTool(tool), parameters, strict: false };
}

// "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'const'/'not' at the top level" (400),
// e.g. github.com/langchain-ai/langchainjs/issues/9804, github.com/imagekit-developer/imagekit-nodejs/issues/150.
const ROOT_FORBIDDEN = ROOT_COMBINATORS;

// Applies the rules OpenAI has for every function schema, strict or not, to a copy of the schema.
function looseParameters(tool: ExportableTool): { parameters: ObjectSchemaObject; findings: CompatibilityFinding[] } {
  const found = new FindingCollector(tool.name);
  const parameters = cloneJson(tool.inputSchema) as ObjectSchemaObject;
  if (parameters.type !== "object") {
    found.add(
      [],
      "openai.root",
      "error",
      'Function parameters must be a JSON Schema with `"type": "object"` at the root.',
    );
  }
  for (const key of ROOT_FORBIDDEN) {
    if (parameters[key] === undefined) continue;
    const message = `OpenAI rejects \`${key}\` at the top level of function parameters; move it into a property, or pass flattenRoot: true.`;
    found.add([key], "openai.root", "error", message);
  }
  visitSchemas(parameters, (node, path) => {
    // "Invalid schema for function ...: array schema missing items" (400), e.g. github.com/sigoden/aichat/pull/1049.
    // `items: {}` says what a missing `items` means (any items), in the form OpenAI accepts.
    if (typesOf(node).includes("array") && node.items === undefined && node.prefixItems === undefined) {
      node.items = {};
      const message = "OpenAI rejects an array schema without `items`; sent with `items: {}` (any items), the same.";
      found.add(path, "openai.array-items", "warning", message);
    }
  });
  return { parameters, findings: found.findings };
}

const OPENAI_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ api: 0, strict: 0, toolSearch: 0, namespace: 0, flattenRoot: 0, customTools: 0 } satisfies Record<
    keyof OpenAIToolOptions,
    0
  >),
);

/**
 * Returns the tools in the exact form the OpenAI API takes them: Chat Completions
 * `{ type: "function", function: { name, description, parameters, strict } }` or Responses
 * `{ type: "function", name, description, parameters, strict }`. `strict` is always set, because the Responses API
 * treats a missing `strict` as `true`. Strict tools carry a rewritten schema (see "Strict mode" in docs/providers.md); the
 * input specs are never changed. With `toolSearch` (Responses only), deferred tools carry `defer_loading: true`, sit
 * in `namespace` when one is given, and the `tool_search` tool comes first.
 * @throws {ToolDefinitionError} for an option key it does not know (naming the closest), when OpenAI would reject a tool (its name, `anyOf` and the like at the root of its
 *   schema, ...), when `strict: true` and a tool cannot be strict (the message lists each tool, path and rule), or
 *   when `toolSearch`/`namespace` are given for Chat Completions or are invalid.
 * @example
 * const tools = toOpenAITools(agent.toolSpecs(), { api: "chat", strict: "auto" });
 * await openai.chat.completions.create({ model, messages, tools });
 */
export function toOpenAITools(
  tools: readonly ExportableTool[],
  options: OpenAIToolOptions & { readonly api: "responses"; readonly toolSearch: OpenAIToolSearch },
): OpenAIResponsesToolEntry[];
export function toOpenAITools(
  tools: readonly ExportableTool[],
  options: OpenAIToolOptions & {
    readonly api: "responses";
    readonly customTools: true;
    readonly toolSearch?: undefined;
  },
): (OpenAIResponsesTool | OpenAICustomTool)[];
export function toOpenAITools(
  tools: readonly ExportableTool[],
  options: OpenAIToolOptions & { readonly api: "responses"; readonly toolSearch?: undefined },
): OpenAIResponsesTool[];
export function toOpenAITools(
  tools: readonly ExportableTool[],
  options?: OpenAIToolOptions & { readonly api?: "chat" },
): OpenAIChatTool[];
export function toOpenAITools(
  tools: readonly ExportableTool[],
  options?: OpenAIToolOptions,
): OpenAIChatTool[] | (OpenAIResponsesTool | OpenAICustomTool)[] | OpenAIResponsesToolEntry[];
export function toOpenAITools(
  tools: readonly ExportableTool[],
  options: OpenAIToolOptions = {},
): OpenAIChatTool[] | (OpenAIResponsesTool | OpenAICustomTool)[] | OpenAIResponsesToolEntry[] {
  checkKnownKeys(options, OPENAI_OPTION_KEYS, "toOpenAITools options");
  assertToolNames(tools, "openai", OPENAI_NAME_RULE);
  if (options.api !== "responses" && (options.toolSearch !== undefined || options.namespace !== undefined)) {
    throw new ToolDefinitionError(
      'toOpenAITools: toolSearch and namespace need api: "responses"; for Chat Completions send ' +
        "agent.toolsForTurn(loadedTools), which carries toolwright's own tool_search tool.",
    );
  }
  if (options.customTools && (options.api !== "responses" || options.toolSearch !== undefined)) {
    throw new ToolDefinitionError(
      'toOpenAITools: customTools needs api: "responses" without toolSearch; Chat Completions gets each grammar in ' +
        "its tool's description.",
    );
  }
  if (options.namespace !== undefined && options.toolSearch === undefined) {
    throw new ToolDefinitionError("toOpenAITools: namespace groups deferred tools and needs toolSearch.");
  }
  const strict = options.strict ?? "auto";
  const plan = planOpenAITools(tools, strict, options.flattenRoot, true, options.api, options.customTools);
  assertExportable(plan.findings, "openai", strict === true ? STRICT_ADVICE : "");
  if (options.api === "responses") {
    const functions = plan.tools.map((t, i): OpenAIResponsesTool => {
      const fn: OpenAIResponsesTool = {
        type: "function",
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        strict: t.strict,
      };
      if (t.callers !== undefined) fn.allowed_callers = t.callers;
      const output = tools[i]!.outputSchema;
      if (output !== undefined) fn.output_schema = cloneJson(output) as Record<string, unknown>;
      return fn;
    });
    if (options.customTools) {
      return functions.map((f, i) => {
        const tool = tools[i]!;
        if (tool.grammar === undefined) return f;
        const custom = toCustomTool({ ...tool, grammar: tool.grammar });
        // CustomTool takes allowed_callers as FunctionTool does (openai 7.x); output_schema is a function's only.
        if (f.allowed_callers !== undefined) custom.allowed_callers = f.allowed_callers;
        return custom;
      });
    }
    if (options.toolSearch === undefined) return functions;
    return arrangeForToolSearch(functions, tools, options.toolSearch, options.namespace);
  }
  return plan.tools.map((t) => ({
    type: "function",
    function: { name: t.name, description: t.description, parameters: t.parameters, strict: t.strict },
  }));
}
