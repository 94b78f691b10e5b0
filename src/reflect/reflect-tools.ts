import { type ToolEntry, ownToolEntries } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { buildBuiltinSchema } from "./builtin-schema.js";
import { generatedParts } from "./generated-definition.js";
import { generatedToolCount } from "./generated-schemas.js";
import { assertParamsDeclared } from "./undeclared-params.js";
import { type ToolDefinition, assignFlags, modelDescription } from "../tool/tool-definition.js";

const byClass = new WeakMap<object, readonly ToolDefinition[]>();
const byEntry = new WeakMap<ToolEntry, ToolDefinition>();

/**
 * Returns the tools of a class, its own and inherited ones. A subclass that re-decorates a method replaces the parent's
 * entry; one that overrides without re-decorating keeps the parent's definition (the override runs, since dispatch
 * calls the method by name). Cached per constructor: the cost is paid once per class, never per instance.
 * @throws {ToolDefinitionError} when two methods claim one tool name, or a builtin method does not match its params.
 */
export function reflectTools(ctor: abstract new (...args: never[]) => object): readonly ToolDefinition[] {
  const cached = byClass.get(ctor);
  if (cached) return cached;
  // Walk constructors, not metadata prototypes: swc does not link a subclass's metadata object to its parent's.
  const chain: object[] = [];
  for (let c: object | null = ctor; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c);
  const byMethod = new Map<string, { entry: ToolEntry; owner: object }>();
  for (const owner of chain) {
    for (const entry of ownToolEntries(owner)) byMethod.set(entry.method, { entry, owner });
  }
  const byName = new Map<string, ToolDefinition>();
  for (const { entry, owner } of byMethod.values()) {
    const definition = definitionOf(entry, (owner as { name?: string }).name || "(anonymous class)");
    const other = byName.get(definition.name);
    if (other) {
      throw new ToolDefinitionError(
        `${classLabel(ctor)}: methods "${other.method}" and "${entry.method}" both declare the tool "${definition.name}".`,
      );
    }
    byName.set(definition.name, definition);
  }
  const result = Object.freeze([...byName.values()]);
  byClass.set(ctor, result);
  return result;
}

// A JSDoc comment reaches the runtime only through the generated module, so its absence is the usual cause: say so.
function missingDescription(className: string, method: string, generated: object | undefined): string {
  const where = `${className}.${method}: a tool needs a description`;
  if (generated)
    return `${where}; give \`description\` or a JSDoc comment on the method, then run \`npx toolwright generate\`.`;
  const module =
    generatedToolCount() === 0
      ? "no generated module has been imported"
      : "the generated module imported has no schema for it (it is stale)";
  return (
    `${where}, and ${module}. A JSDoc comment is read only by \`npx toolwright generate\`: run it and add the ` +
    `import line it prints (such as \`import "./toolwright.generated.js";\`) before the first \`new ${className}()\`; ` +
    "or give `description` in the decorator."
  );
}

function classLabel(ctor: object): string {
  return (ctor as { name?: string }).name || "(anonymous class)";
}

// One definition per decorated method, shared by every subclass that inherits it.
function definitionOf(entry: ToolEntry, className: string): ToolDefinition {
  const cached = byEntry.get(entry);
  if (cached) return cached;
  const generated = generatedParts(entry, className);
  const description = entry.options.description ?? generated?.description;
  if (!description) throw new ToolDefinitionError(missingDescription(className, entry.method, generated));
  // One object, its keys in the order the spreads this replaced gave them: name, description, the flags set, then
  // what the kind of tool adds.
  const { options } = entry;
  const text = modelDescription({ description, guidelines: options.guidelines, snippet: options.snippet });
  const definition: Record<string, unknown> = assignFlags({ name: entry.name, description: text }, options);
  if (generated) {
    definition.inputSchema = generated.inputSchema;
    definition.kind = entry.kind;
    definition.method = entry.method;
    if (generated.positional) definition.positional = generated.positional;
  } else if (entry.kind === "builtin") {
    const { inputSchema, positional } = buildBuiltinSchema(entry, className);
    definition.inputSchema = inputSchema;
    definition.kind = "builtin";
    definition.method = entry.method;
    definition.positional = positional;
  } else {
    assertParamsDeclared(entry, className);
    const { inputSchema, standardSchema } = entry.schema!;
    definition.inputSchema = inputSchema;
    definition.kind = "tool";
    definition.method = entry.method;
    if (standardSchema) definition.standardSchema = standardSchema;
  }
  const frozen = Object.freeze(definition) as unknown as ToolDefinition;
  byEntry.set(entry, frozen);
  return frozen;
}
