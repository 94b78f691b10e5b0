import { ToolDefinitionError } from "../errors/errors.js";

/**
 * Returns the name of the one string parameter `inputSchema` has, the one a grammar constrains and a custom tool call
 * fills; `undefined` when the schema has not exactly one property, of type string, required.
 */
export function grammarParameter(inputSchema: object): string | undefined {
  const { properties, required } = inputSchema as { properties?: unknown; required?: unknown };
  if (properties === null || typeof properties !== "object") return undefined;
  const names = Object.keys(properties);
  if (names.length !== 1) return undefined;
  const name = names[0]!;
  const schema = (properties as Record<string, { type?: unknown }>)[name];
  if (schema?.type !== "string" || !Array.isArray(required) || !required.includes(name)) return undefined;
  return name;
}

/**
 * Throws unless a tool that declares a `grammar` has exactly one parameter, a required string: a custom tool call
 * carries one free text, which becomes that parameter.
 * @throws {ToolDefinitionError} naming the tool and what its parameters must be.
 */
export function checkGrammarTool(tool: string, inputSchema: object): void {
  if (grammarParameter(inputSchema) !== undefined) return;
  throw new ToolDefinitionError(
    `Tool "${tool}": \`grammar\` needs exactly one parameter, a required string (the text the grammar describes); ` +
      `its parameters are ${JSON.stringify(Object.keys((inputSchema as { properties?: object }).properties ?? {}))}.`,
  );
}
