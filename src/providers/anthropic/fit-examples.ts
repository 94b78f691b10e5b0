import type { CompatibilityFinding } from "../../schema/finding.js";
import { compileForDefinition } from "../../schema/validator.js";
import type { ObjectSchemaObject } from "../../schema/json.js";

/**
 * Returns the examples that fit the input schema as exported (strict mode closes objects, `flattenRoot` merges the
 * root), recording a warning for each left out: Anthropic answers 400 to an `input_examples` entry its tool's
 * `input_schema` refuses ("Each example must be valid according to the tool's input_schema", Anthropic's tool-use
 * docs, "Providing tool use examples"). Every example fits the tool's own schema already (checked at definition).
 */
export function fitExamples(
  tool: string,
  examples: Record<string, unknown>[],
  exported: ObjectSchemaObject,
  findings: CompatibilityFinding[],
): Record<string, unknown>[] {
  let validate: ((value: unknown) => boolean) | undefined;
  try {
    validate = compileForDefinition(exported);
  } catch {
    // A schema the validator cannot compile is reported by the schema's own rules; its examples are left as they are.
    return examples;
  }
  return examples.filter((example, i) => {
    if (validate!(example)) return true;
    findings.push({
      tool,
      path: "",
      rule: "anthropic.input-examples",
      severity: "warning",
      message:
        `input_examples[${i}] fits the tool's schema but not the input_schema as exported (strict mode or ` +
        "flattenRoot changed it), and Anthropic refuses an example its input_schema does not accept: it is left out.",
    });
    return false;
  });
}
