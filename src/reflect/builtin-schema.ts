import type { ToolEntry } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { JsonSchema, ObjectJsonSchema } from "../params/json-schema.js";
import { assertShape } from "../params/object.js";
import { type AnyParam, type ParamShape, deriveParam, isOptionalParam, isParam } from "../params/param.js";
import { array } from "../params/array.js";
import { boolean } from "../params/boolean.js";
import { integer, number } from "../params/number.js";
import { string } from "../params/string.js";
import { finishShapeSchema } from "../schema/input-schema.js";
import { checkDesignType, designTypeSchema, unknownTypeError } from "./design-types.js";
import { type SourceParameter, readParameters } from "./parameters.js";
import type { PositionalParameter } from "../tool/tool-definition.js";

const RESERVED_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The schema and the positional mapping of a `@builtinTool` method. */
export interface BuiltinSchema {
  readonly inputSchema: ObjectJsonSchema;
  readonly positional: readonly PositionalParameter[];
}

/**
 * Builds a builtin tool's schema from its declared descriptors and the method's own parameters: names and order from
 * the source (or `positional`), types from the descriptors, and literal defaults as schema defaults.
 * @throws {ToolDefinitionError} naming the class, the method, the declared names and the real ones on any mismatch.
 */
export function buildBuiltinSchema(entry: ToolEntry, className: string): BuiltinSchema {
  const where = `@builtinTool ${className}.${entry.method}`;
  const shape: ParamShape = (entry.options.params as ParamShape | undefined) ?? {};
  assertShape(shape, `${where} params`);
  const parameters = sourceParameters(entry, where);
  const declared = Object.keys(shape);
  const names: string[] = [];
  for (let i = 0; i < parameters.length; i++) names.push(parameters[i]!.name);
  const mismatch = (why: string): never => {
    const hint = entry.options.positional
      ? ""
      : " If this code is minified or its source is unavailable, pass `positional: [names in order]`.";
    throw new ToolDefinitionError(
      `${where}: ${why}. Declared params: [${declared.join(", ")}]; method parameters: [${names.join(", ")}].${hint}`,
    );
  };
  for (let i = 0; i < declared.length; i++) {
    if (!names.includes(declared[i]!)) mismatch(`"${declared[i]}" is declared but is not a parameter`);
  }
  // Reading args["__proto__"] (or "constructor") of an arguments object finds Object.prototype's member when the model
  // leaves the field out, so the handler would receive it in place of undefined.
  const reserved = names.find((name) => RESERVED_NAMES.has(name));
  if (reserved !== undefined) {
    throw new ToolDefinitionError(
      `${where}: a parameter cannot be named "${reserved}" (names ${[...RESERVED_NAMES].join(", ")} clash with what ` +
        "every object inherits); rename the parameter.",
    );
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (let index = 0; index < parameters.length; index++) {
    const parameter = parameters[index]!;
    const { name } = parameter;
    const designType = entry.legacy?.designTypes?.[index];
    const declaredDescriptor = shape[name];
    if (declaredDescriptor) checkDesignType(declaredDescriptor, designType, where, name, parameter.rest);
    // In legacy mode the emitted design type stands in for a missing descriptor (`path: string` → string).
    const descriptor = declaredDescriptor ?? (designTypeSchema(designType, parameter.rest) as AnyParam | undefined);
    const literal = parameter.defaultValue;
    if (!descriptor && !literal && entry.legacy) throw unknownTypeError(where, name, entry.legacy, designType);
    if (!descriptor && !literal) {
      // The fix leads: a descriptor in `params`. `generate` is the alternative, and the minified-code hint of a name
      // mismatch does not apply (the name was read).
      throw new ToolDefinitionError(
        `${where}: parameter "${name}" needs a descriptor: params: { ${name}: p.string() } (or the p.* of its type)` +
          `${parameter.hasDefault ? ", since its default is not a literal" : ""}. Declared params: ` +
          `[${declared.join(", ")}]; method parameters: [${names.join(", ")}]. To write the schema from the ` +
          "method's types instead, run `npx toolwright generate` and import the module it writes.",
      );
    }
    if (parameter.rest && descriptor?.type !== "array")
      mismatch(`rest parameter "...${name}" needs a p.array() descriptor`);
    const declaredDefault = (descriptor as { default?: unknown } | undefined)?.default;
    if (literal && typeof declaredDefault !== "function" && declaredDefault !== undefined) {
      if (JSON.stringify(declaredDefault) !== JSON.stringify(literal.value)) {
        mismatch(
          `parameter "${name}" has the default ${JSON.stringify(literal.value)} in the method but ` +
            `${JSON.stringify(declaredDefault)} in its descriptor`,
        );
      }
    }
    // Kept a descriptor where it is one, so a schema made of descriptors and literal defaults skips the meta-schema.
    const typed = descriptor ?? schemaOfLiteral(literal!.value, name, mismatch);
    properties[name] = !literal
      ? typed
      : isParam(typed)
        ? deriveParam(typed, { default: literal.value })
        : { ...(typed as JsonSchema), default: literal.value };
    const optional =
      parameter.rest || parameter.hasDefault || (descriptor !== undefined && isOptionalParam(descriptor));
    if (!optional) required.push(name);
  }
  return {
    inputSchema: finishShapeSchema(properties, names, required, where),
    positional: Object.freeze(parameters.map(({ name, rest }) => Object.freeze({ name, rest }))),
  };
}

interface NamedParameter extends Omit<SourceParameter, "name"> {
  readonly name: string;
}

function sourceParameters(entry: ToolEntry, where: string): readonly NamedParameter[] {
  if (entry.options.positional) {
    // Minifiers rename parameters but keep literal defaults, so defaults are still read, by position, wherever the
    // source is readable; where it is not (a bound or native function), no parameter has a default here, and a
    // descriptor's `.default()` or `p.optional()` is what makes one optional.
    const read = readParameters(entry.fn);
    const found = read.ok && read.parameters.length === entry.options.positional.length ? read.parameters : [];
    return entry.options.positional.map((name, index) => {
      const rest = name.startsWith("...");
      const { hasDefault = false, defaultValue } = found[index] ?? {};
      return { name: rest ? name.slice(3) : name, rest, hasDefault, ...(defaultValue ? { defaultValue } : {}) };
    });
  }
  const read = readParameters(entry.fn);
  if (!read.ok) {
    throw new ToolDefinitionError(
      `${where}: cannot read the method's parameters (${read.reason}). Pass \`positional: [names in order]\`.`,
    );
  }
  const { parameters } = read;
  for (let index = 0; index < parameters.length; index++) {
    if (parameters[index]!.name === undefined) {
      throw new ToolDefinitionError(
        `${where}: parameter ${index + 1} is a destructuring pattern, which has no name to map an argument to. ` +
          "Give it a name, or use @tool, whose method receives the whole arguments object.",
      );
    }
  }
  // Every parameter is named (checked above): the list read is the list returned, not a copy.
  return parameters as readonly NamedParameter[];
}

const SCALARS: Readonly<Record<string, () => AnyParam>> = { string, boolean, integer, number };

// Descriptors, not schema literals: the same JSON, and checked by construction. An array of arrays keeps its old,
// item-less `{ type: "array" }` items, which leaves it to the meta-schema check.
function schemaOfLiteral(value: unknown, name: string, mismatch: (why: string) => never): AnyParam {
  if (typeof value === "string") return string();
  if (typeof value === "boolean") return boolean();
  if (typeof value === "number") return Number.isInteger(value) ? integer() : number();
  if (Array.isArray(value) && value.length > 0) {
    const types = new Set(value.map((item) => schemaOfLiteral(item, name, mismatch).type as string));
    if (types.size === 1) {
      const type = [...types][0]!;
      return array(Object.hasOwn(SCALARS, type) ? SCALARS[type]!() : ({ type } as unknown as AnyParam));
    }
  }
  return mismatch(
    `parameter "${name}" has no descriptor, and its default ${JSON.stringify(value)} does not say its type`,
  );
}
