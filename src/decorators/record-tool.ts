import { type ResolvedInputSchema, resolveInputSchema } from "../schema/input-schema.js";
import { resolveOutputSchema } from "../schema/output-schema.js";
import { type DecoratedMethodWords, decoratedMethod } from "./decorated-method.js";
import { type ToolEntry, type ToolEntryKind, addToolEntry, ownEntryCount } from "./metadata.js";
import { agentInitializer, assertLegacyAgentTarget } from "./agent-class-check.js";
import { type ToolOptions, assertToolName, validateToolOptions } from "../tool/tool-options.js";

// How the method checks (decoratedMethod, shared with @resource and @prompt) word their refusals for a tool.
const TOOL_WORDS: DecoratedMethodWords = {
  canBe: "be tools",
  cannot: "be tools",
  caller: "the agent",
  symbolHint: "a tool needs a string name",
};

/**
 * Checks what a decorator was applied to and records the tool entry in the class's own metadata. Everything that can
 * be checked without the class (options, name, schema) is checked here, at class definition. A Stage-3 call
 * `(value, context)` and a legacy call `(target, key, descriptor)` record the same entry.
 * @throws {ToolDefinitionError} for a non-method, a static, `#private` or symbol-named method, or bad options.
 */
export function recordTool(
  kind: ToolEntryKind,
  options: ToolOptions,
  first: unknown,
  second: unknown,
  decorator: string,
  third?: unknown,
): void {
  const {
    name: method,
    fn,
    metadata,
    where,
    context,
    legacy,
    legacyTarget,
  } = decoratedMethod(first, second, third, decorator, TOOL_WORDS);
  validateToolOptions(options, where, true);
  const name = options.name ?? method;
  assertToolName(name, where);
  // A builtin tool's schema also depends on the method's own parameters, which the reflector reads with the class.
  const schema: ResolvedInputSchema | undefined = kind === "tool" ? resolveInputSchema(options, where) : undefined;
  const output = resolveOutputSchema(options.returns, where);
  // Once per class (its first decorated method): the check that the class is an agent, when it can first be made.
  const firstEntry = ownEntryCount(metadata) === 0;
  // Built in place: three conditional spreads made three objects per decorated method.
  const entry: { -readonly [K in keyof ToolEntry]: ToolEntry[K] } = {
    kind,
    method,
    name,
    fn,
    options,
  };
  if (schema) entry.schema = schema;
  if (output) entry.output = output;
  if (legacy) entry.legacy = legacy;
  addToolEntry(metadata, entry);
  if (legacy) assertLegacyAgentTarget(firstEntry ? legacyTarget : undefined, method, decorator);
  else if (firstEntry)
    (context as { addInitializer?: (f: () => void) => void }).addInitializer?.(agentInitializer(method, decorator));
}
