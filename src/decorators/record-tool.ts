import { ToolDefinitionError } from "../errors/errors.js";
import { type ResolvedInputSchema, resolveInputSchema } from "../schema/input-schema.js";
import { type ToolEntryKind, addToolEntry } from "./metadata.js";
import { type ToolOptions, assertToolName, validateToolOptions } from "../tool/tool-options.js";

/** The part of a Stage-3 decorator context a method decorator reads. */
interface DecoratorContextLike {
  readonly kind: string;
  readonly name: string | symbol;
  readonly static: boolean;
  readonly private: boolean;
  readonly metadata?: object | undefined;
}

function isStage3Context(value: unknown): value is DecoratorContextLike {
  return typeof value === "object" && value !== null && "kind" in value && "name" in value;
}

/**
 * Checks what a decorator was applied to and records the tool entry in the class's own metadata. Everything that can
 * be checked without the class (options, name, schema) is checked here, at class definition.
 * @throws {ToolDefinitionError} for a legacy-mode call, a non-method, a static, `#private` or symbol-named method,
 *   or bad options.
 */
export function recordTool(
  kind: ToolEntryKind,
  options: ToolOptions,
  value: unknown,
  context: unknown,
  decorator: string,
): void {
  if (!isStage3Context(context)) {
    throw new ToolDefinitionError(
      `${decorator} is a standard (Stage-3) decorator but was called in legacy mode. ` +
        'Remove "experimentalDecorators" from tsconfig.json (TypeScript 5+ compiles standard decorators without it).',
    );
  }
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
  addToolEntry(context.metadata, {
    kind,
    method: context.name,
    name,
    fn: value as (...args: never[]) => unknown,
    options,
    ...(schema ? { schema } : {}),
  });
}
