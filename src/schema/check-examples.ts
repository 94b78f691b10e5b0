import { ToolDefinitionError } from "../errors/errors.js";
import { issuesOf } from "./argument-issues.js";
import { compileForDefinition } from "./validator.js";

/**
 * Throws unless every example is an argument object `inputSchema` accepts: an example the model is shown but that
 * would be refused as a call teaches it the wrong thing, so it is the developer's mistake, found at definition. The
 * schema is compiled once here, on the definition checker, and only for a tool that has examples.
 * @throws {ToolDefinitionError} naming the tool, the example's index, and each failing field with what is expected.
 */
export function checkExamples(tool: string, examples: readonly unknown[], inputSchema: object): void {
  const validate = compileForDefinition(inputSchema);
  for (let i = 0; i < examples.length; i++) {
    const issues = issuesOf(validate, examples[i]);
    if (issues.length === 0) continue;
    const fields = issues.map((issue) => `${issue.path || "(root)"} ${issue.message}`).join("; ");
    throw new ToolDefinitionError(
      `Tool "${tool}": \`examples[${i}]\` does not fit the tool's input schema: ${fields}. Every example must be ` +
        "arguments the tool accepts, since the model copies them.",
    );
  }
}
