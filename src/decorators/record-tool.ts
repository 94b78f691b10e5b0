import { ToolDefinitionError } from "../errors/errors.js";
import { type ResolvedInputSchema, resolveInputSchema } from "../schema/input-schema.js";
import { resolveOutputSchema } from "../schema/output-schema.js";
import { type DecoratorContextLike, isStage3Context, legacyCall } from "./legacy-call.js";
import { type ToolEntry, type ToolEntryKind, addToolEntry, ownEntryCount } from "./metadata.js";
import { agentInitializer, assertLegacyAgentTarget } from "./agent-class-check.js";
import { type ToolOptions, assertToolName, validateToolOptions } from "../tool/tool-options.js";

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
  // The Stage-3 call, the usual one, is read as it is, without a call object made for it.
  const stage3 = isStage3Context(second);
  const legacyTarget = stage3 ? undefined : first;
  const call = stage3 ? undefined : legacyCall(first, second, third, decorator);
  const value = call ? call.value : first;
  const context = call ? call.context : (second as DecoratorContextLike);
  const legacy = call?.legacy;
  const label = typeof context.name === "symbol" ? context.name.toString() : context.name;
  const where = `${decorator} on "${label}"`;
  if (context.kind !== "method" || typeof value !== "function") {
    throw new ToolDefinitionError(`${where}: only methods can be tools; this is a ${context.kind}.`);
  }
  if (context.static)
    throw new ToolDefinitionError(`${where}: static methods cannot be tools; use an instance method.`);
  if (context.private) {
    throw new ToolDefinitionError(`${where}: #private methods cannot be tools; the agent must be able to call them.`);
  }
  if (typeof context.name === "symbol") {
    throw new ToolDefinitionError(`${where}: symbol-named methods cannot be tools; a tool needs a string name.`);
  }
  if (!context.metadata) {
    throw new ToolDefinitionError(
      `${where}: the decorator got no metadata object. Import toolwright before defining classes, so its ` +
        "Symbol.metadata polyfill runs first.",
    );
  }
  validateToolOptions(options, where, true);
  const name = options.name ?? context.name;
  assertToolName(name, where);
  // A builtin tool's schema also depends on the method's own parameters, which the reflector reads with the class.
  const schema: ResolvedInputSchema | undefined = kind === "tool" ? resolveInputSchema(options, where) : undefined;
  const output = resolveOutputSchema(options.returns, where);
  // Once per class (its first decorated method): the check that the class is an agent, when it can first be made.
  const firstEntry = ownEntryCount(context.metadata) === 0;
  // Built in place: three conditional spreads made three objects per decorated method.
  const entry: { -readonly [K in keyof ToolEntry]: ToolEntry[K] } = {
    kind,
    method: context.name,
    name,
    fn: value as (...args: never[]) => unknown,
    options,
  };
  if (schema) entry.schema = schema;
  if (output) entry.output = output;
  if (legacy) entry.legacy = legacy;
  addToolEntry(context.metadata, entry);
  if (legacy) assertLegacyAgentTarget(firstEntry ? legacyTarget : undefined, context.name, decorator);
  else if (firstEntry)
    (context as { addInitializer?: (f: () => void) => void }).addInitializer?.(
      agentInitializer(context.name, decorator),
    );
}
