import type { CompatibilityFinding } from "../schema/finding.js";
import type { ExportableTool } from "../tool/exportable-tool.js";
import type { ParsedToolCall } from "../tool/tool-call.js";
import type { OpenApiSchemaConverter } from "./gemini/openapi-types.js";
import type { ResultLimits } from "./result-limits.js";
import type { ToolNameRule } from "./tool-names.js";

/**
 * What a check needs only for some of its options, handed to it by `checkCompatibility` (which takes options) and not
 * by a registry's compatibility warnings (which check with the default options): so the warnings, which are in every
 * app's bundle, do not reach these parts, and a bundler leaves them out of an app that never asks for them.
 */
export interface CheckParts {
  /** Gemini's OpenAPI converter, for `mode: "openapi"`. */
  readonly geminiOpenApi?: OpenApiSchemaConverter;
}

/**
 * The part of a provider's row that checks, without exporting: its compatibility check, its name rule and result
 * limits, as `checkCompatibility`, a registry's compatibility warnings and `RESULT_LIMITS` read them. It is kept apart
 * from the exporter, call parser and result builder so that an app which only calls tools does not carry them in its
 * bundle. `Options` is what `checkCompatibility(tools, provider, options)` takes for it; `Limits` its result paths
 * (one per form its results take, e.g. OpenAI's Chat and Responses) and their limits.
 */
export interface ProviderRules<Options extends object, Limits extends Readonly<Record<string, ResultLimits>>> {
  /**
   * Returns what the provider would not accept in `tools` exported with `options` (`checkCompatibility`), with `parts`
   * for the options that need them.
   */
  readonly check: (
    tools: readonly ExportableTool[],
    options: Options,
    parts: CheckParts,
  ) => readonly CompatibilityFinding[];
  /** Returns the options `toolwright inspect` exports and checks with, given its `--strict` flag. */
  readonly inspectOptions: (strict: boolean) => Options;
  /** The rule the provider's tool names follow. */
  readonly nameRule: ToolNameRule;
  /** What each of the provider's result paths takes (`RESULT_LIMITS`, `checkResultCompatibility`). */
  readonly resultLimits: Limits;
}

/**
 * One provider's row of the provider table: everything toolwright knows about sending tools to it and reading its
 * calls back: its rules ({@link ProviderRules}) and the public functions that export its tools, parse its calls and
 * build its results.
 */
export interface ProviderRow<
  Options extends object,
  Limits extends Readonly<Record<string, ResultLimits>>,
> extends ProviderRules<Options, Limits> {
  /** Returns the tools in the provider's exact form (the public exporter, e.g. `toOpenAITools`). */
  readonly exportTools: (tools: readonly ExportableTool[], options?: Options) => unknown;
  /**
   * Returns the tool calls of a model response (the public parser, e.g. `parseOpenAIToolCalls`); `null` for a
   * provider whose calls arrive as requests (MCP: the server receives `tools/call`).
   */
  readonly parseCalls: ((response: never, options?: never) => ParsedToolCall[]) | null;
  /** Returns the message that answers a call with a result (the public builder, e.g. `toOpenAIToolResult`). */
  readonly buildResult: (...args: never[]) => unknown;
}
