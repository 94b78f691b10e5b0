import type { ToolEntry } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { JsonSchema, ObjectJsonSchema } from "../params/json-schema.js";
import { assertShape } from "../params/object.js";
import { type ParamShape, isOptionalParam, isParam } from "../params/param.js";
import { type GeneratedTool, findGeneratedTool, generatedToolCount } from "./generated-schemas.js";
import { finishSchema, isStandardSchema } from "../schema/input-schema.js";
import { looksMinified, readParameters, readPatternDefaults } from "./parameters.js";
import type { PositionalParameter } from "../tool/tool-definition.js";
import { type ResolvedOutputSchema, resolveOutputSchema } from "../schema/output-schema.js";

/** What a generated schema contributes to a tool's definition. */
export interface GeneratedParts {
  readonly inputSchema: ObjectJsonSchema;
  readonly description?: string;
  readonly positional?: readonly PositionalParameter[];
  /** The result's schema, derived from the method's return type. */
  readonly output?: ResolvedOutputSchema;
}

const GENERATE_HINT = "Run `npx toolwright generate` and import the module it writes before creating the agent.";

/**
 * Returns the schema of a decorated method from the module `toolwright generate` wrote, merged with the descriptors
 * the decorator declares (declared ones win, the rest come from the method's types). Returns `undefined` when the
 * method does not use a generated schema: it declares `inputSchema`, a Standard Schema or `p.object(...)`, or it
 * declares params and none was generated, or it takes no parameters at all.
 * @throws {ToolDefinitionError} naming the command to run when the generated schema disagrees with the method or its
 *   descriptors (it is stale).
 */
export function generatedParts(entry: ToolEntry, className: string): GeneratedParts | undefined {
  // Most programs import no generated module: then no method has a generated schema to look up.
  if (generatedToolCount() === 0) return undefined;
  const { params, inputSchema } = entry.options;
  if (inputSchema !== undefined || isStandardSchema(params) || isParam(params)) return undefined;
  const where = `${entry.kind === "builtin" ? "@builtinTool" : "@tool"} ${className}.${entry.method}`;
  const generated = findGeneratedTool(className, entry.method);
  // Without a generated schema the declared one stands: a builtin method still reads literal defaults (and
  // buildBuiltinSchema names the command), and a @tool method that takes arguments but declares none is refused by
  // assertParamsDeclared, the one place that rule lives.
  if (!generated) return undefined;
  if (generated.kind !== entry.kind) {
    throw new ToolDefinitionError(
      `${where}: the generated schema is for a ${generated.kind} method; it is stale. ${GENERATE_HINT}`,
    );
  }
  const declared: ParamShape = (params as ParamShape | undefined) ?? {};
  assertShape(declared, `${where} params`);
  const schema = mergeDeclared(generated, declared, where);
  assertDefaultsCurrent(entry, generated, where);
  const output = generated.outputSchema ? resolveOutputSchema(generated.outputSchema, where) : undefined;
  const extra = {
    ...(generated.description ? { description: generated.description } : {}),
    ...(output ? { output } : {}),
  };
  if (entry.kind === "tool") return { inputSchema: schema, ...extra };
  return { inputSchema: schema, ...extra, positional: positionalOf(entry, generated, where) };
}

function mergeDeclared(generated: GeneratedTool, declared: ParamShape, where: string): ObjectJsonSchema {
  const base = generated.inputSchema;
  const properties: Record<string, JsonSchema> = { ...base.properties };
  const required = new Set(base.required ?? []);
  for (const [key, descriptor] of Object.entries(declared)) {
    const inferred = properties[key];
    if (!inferred) {
      throw new ToolDefinitionError(
        `${where}: "${key}" is declared in params but is not a parameter of the method ` +
          `(its parameters: ${Object.keys(properties).join(", ") || "none"}). If you renamed it, ${GENERATE_HINT}`,
      );
    }
    checkTypesAgree(key, descriptor, inferred, where);
    const inferredDefault = inferred.default === undefined ? {} : { default: inferred.default };
    properties[key] = { ...inferredDefault, ...descriptor };
    if (isOptionalParam(descriptor)) required.delete(key);
  }
  const schema = { ...base, properties, required: [...required] };
  if (schema.required.length === 0) delete (schema as { required?: unknown }).required;
  return finishSchema(schema, where);
}

// The cross-check: a descriptor that names another JSON type than the method's TypeScript type is a mistake in one
// of the two, and the model would be told one thing while the handler expects another.
function checkTypesAgree(key: string, descriptor: JsonSchema, inferred: JsonSchema, where: string): void {
  const said = typesOf(descriptor);
  const seen = typesOf(inferred);
  if (!said || !seen) return;
  const agree = [...said].some((type) => seen.has(type) || (type === "integer" && seen.has("number")));
  if (!agree) {
    throw new ToolDefinitionError(
      `${where}: "${key}" is declared as ${[...said].join(" | ")} but the method's type says ${[...seen].join(" | ")}.`,
    );
  }
}

function typesOf(schema: JsonSchema): Set<string> | undefined {
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  return undefined;
}

function positionalOf(entry: ToolEntry, generated: GeneratedTool, where: string): readonly PositionalParameter[] {
  const names = generated.parameters ?? [];
  const positional = names.map((name) =>
    Object.freeze(name.startsWith("...") ? { name: name.slice(3), rest: true } : { name, rest: false }),
  );
  // Source names may be unreadable or minified; the generated list then stands, as `positional` would.
  const read = readParameters(entry.fn);
  if (read.ok && !looksMinified(read.parameters)) {
    const sourceNames = read.parameters.map((parameter) => parameter.name ?? "(pattern)");
    const listed = positional.map((parameter) => parameter.name);
    if (sourceNames.join() !== listed.join()) {
      throw new ToolDefinitionError(
        `${where}: the generated schema lists the parameters [${listed.join(", ")}] but the method has ` +
          `[${sourceNames.join(", ")}]; it is stale. ${GENERATE_HINT}`,
      );
    }
  }
  return Object.freeze(positional);
}

// A default changed in the method (`limit = 10` became `20`) after generating: validation would fill in the old value
// from the schema, so the handler's own default never applies and the model is told the old one. Only literal
// defaults read from the source are compared; declared descriptors carry their own defaults and are left alone.
function assertDefaultsCurrent(entry: ToolEntry, generated: GeneratedTool, where: string): void {
  const declared = new Set(Object.keys((entry.options.params as object | undefined) ?? {}));
  const written = new Map<string, { readonly value: unknown }>();
  if (entry.kind === "tool") {
    for (const [key, value] of readPatternDefaults(entry.fn) ?? []) written.set(key, value);
  } else {
    const read = readParameters(entry.fn);
    if (!read.ok || looksMinified(read.parameters)) return;
    for (const parameter of read.parameters) {
      if (parameter.name && parameter.defaultValue) written.set(parameter.name, parameter.defaultValue);
    }
  }
  for (const [key, { value }] of written) {
    const property = generated.inputSchema.properties?.[key];
    if (!property || declared.has(key) || JSON.stringify(property.default) === JSON.stringify(value)) continue;
    const before = property.default === undefined ? "no default" : `the default ${JSON.stringify(property.default)}`;
    throw new ToolDefinitionError(
      `${where}: "${key}" defaults to ${JSON.stringify(value)} in the method but the generated schema has ${before}; ` +
        `it is stale. ${GENERATE_HINT}`,
    );
  }
}
