import { ToolDefinitionError } from "../errors/errors.js";
import type { JsonSchema, ObjectJsonSchema } from "../params/json-schema.js";
import { deepFreeze, isPlainObject } from "../schema/json.js";

/** The schema `toolwright generate` wrote for one decorated method. */
export interface GeneratedTool {
  /** Which decorator the method carries: `"tool"` (one object parameter) or `"builtin"` (positional parameters). */
  readonly kind: "tool" | "builtin";
  /** The method's JSDoc summary, the tool's description when the decorator gives none. */
  readonly description?: string;
  /** For `"builtin"`: the parameter names in order, a rest parameter as `"...name"`. */
  readonly parameters?: readonly string[];
  /** The tool's input schema, read from the method's types and JSDoc. */
  readonly inputSchema: ObjectJsonSchema;
  /** The tool's result schema, read from the method's return type (absent for `void` and the like). */
  readonly outputSchema?: JsonSchema;
}

/** What a generated module passes to {@link registerGeneratedSchemas}. */
export interface GeneratedSchemas {
  /** The format of the module; this version of toolwright reads version 1. */
  readonly version: 1;
  /** The tools, keyed `"ClassName.method"`. */
  readonly tools: Readonly<Record<string, GeneratedTool>>;
}

// Symbol.for on globalThis, so the ESM and CommonJS copies of toolwright read the schemas either of them registered.
const STORE_KEY = Symbol.for("toolwright.generated-schemas");

function store(): Map<string, GeneratedTool> {
  const holder = globalThis as { [STORE_KEY]?: Map<string, GeneratedTool> };
  return (holder[STORE_KEY] ??= new Map());
}

/**
 * Registers the schemas of a module written by `toolwright generate`; the generated module calls it when imported.
 * The decorators find them when the class is first used, so import the module before creating the agents. Registering
 * the same schemas again (a second copy of the module) is harmless.
 * @throws {ToolDefinitionError} for a module of another format version, or one whose schema for a method differs from
 *   one registered before (two generated modules claiming one class name).
 */
export function registerGeneratedSchemas(schemas: GeneratedSchemas): void {
  if (!isPlainObject(schemas) || schemas.version !== 1 || !isPlainObject(schemas.tools)) {
    throw new ToolDefinitionError(
      "registerGeneratedSchemas: this is not a module written by this version of `toolwright generate` " +
        "(expected { version: 1, tools }); run `npx toolwright generate` again.",
    );
  }
  const known = store();
  for (const [key, tool] of Object.entries(schemas.tools)) {
    const before = known.get(key);
    if (before && JSON.stringify(before) !== JSON.stringify(tool)) {
      throw new ToolDefinitionError(
        `registerGeneratedSchemas: two generated modules hold different schemas for ${key}. Generate one module per ` +
          "program, and give classes with decorated methods distinct names.",
      );
    }
    if (!before) known.set(key, deepFreeze(structuredClone(tool)));
  }
}

/** Returns the generated schema of a class's method, if a generated module registered one. */
export function findGeneratedTool(className: string, method: string): GeneratedTool | undefined {
  return store().get(`${className}.${method}`);
}

/** Returns how many generated schemas are registered: 0 means no generated module has been imported. */
export function generatedToolCount(): number {
  return store().size;
}
