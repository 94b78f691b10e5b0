import type { JsonSchema, ObjectJsonSchema } from "../../params/json-schema.js";
import type { ToolResult } from "../../tool/tool-result.js";
import type { McpApprovals } from "./servable-agent.js";

/** The key of the yes/no field in an approval form (and of the question in MRTR `inputRequests`). */
export const APPROVE_FIELD = "approve";

/**
 * The key of the "remember for this session" field: shown for a call that has a session (docs/policy.md), left out
 * when a tool argument has that name. `true` approves with `remember: "session"` (a grant for the MCP session).
 */
export const REMEMBER_FIELD = "remember";

/** An MCP elicitation `requestedSchema`: a flat object of primitive properties. */
export interface ApprovalFormSchema {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required: string[];
}

/** The form to show for one call, and which of its fields are the call's arguments (editable by the human). */
export interface ApprovalForm {
  readonly requestedSchema: ApprovalFormSchema;
  readonly editable: readonly string[];
}

// What MCP's PrimitiveSchemaDefinition allows of each kind. Other checks of a primitive (`pattern`, `multipleOf`, a
// format MCP lacks) stay out of the form, and the tool's own schema enforces them on the edit.
const KEPT: Readonly<Record<string, readonly string[]>> = {
  string: ["title", "description", "minLength", "maxLength", "format", "enum"],
  number: ["title", "description", "minimum", "maximum"],
  integer: ["title", "description", "minimum", "maximum"],
  boolean: ["title", "description"],
};
const FORMATS = new Set(["email", "uri", "date", "date-time"]);
// Keywords that make a value something a flat form field cannot be (or cannot say it is).
const STRUCTURAL = ["properties", "items", "anyOf", "oneOf", "allOf", "not", "$ref", "const", "if"];

/** Tells whether MCP elicitation can show this property as a field of its own: one primitive type, or a string enum. */
function primitive(schema: JsonSchema): boolean {
  if (typeof schema.type !== "string" || KEPT[schema.type] === undefined) return false;
  if (STRUCTURAL.some((key) => schema[key] !== undefined)) return false;
  return schema.enum === undefined || (schema.type === "string" && schema.enum.every((v) => typeof v === "string"));
}

/**
 * Builds the approval form for a call: the `approve` boolean and, when every argument of the tool is a primitive
 * MCP elicitation can show (string, number, integer, boolean, string enum), one field per argument with the tool's
 * own type, enum and description and `default` set to what the model sent, so the human may edit them. Only `approve`
 * is required: an argument field is optional, and an answer that leaves it out (`{ approve: true }`, what a client
 * that shows no fields sends) keeps the value shown. A required argument field would make such an answer fail the
 * client's and the SDK's check of the answer against the form. A tool with nested or array arguments (or an argument
 * named `approve`) gets the approve-only form: MCP forms are flat.
 */
export function approvalForm(
  inputSchema: ObjectJsonSchema | undefined,
  args: Readonly<Record<string, unknown>>,
  inSession = false,
): ApprovalForm {
  const properties = inputSchema?.properties ?? {};
  const names = Object.keys(properties);
  const approve = { type: "boolean", title: "Approve", description: "Allow this tool call to run" };
  const offered = inSession && !names.includes(REMEMBER_FIELD) && !(REMEMBER_FIELD in args);
  const remember = offered ? { [REMEMBER_FIELD]: REMEMBER } : {};
  const plain = {
    requestedSchema: { type: "object" as const, properties: { approve, ...remember }, required: [APPROVE_FIELD] },
  };
  const extra = Object.keys(args).some((name) => properties[name] === undefined);
  if (names.length === 0 || extra || names.includes(APPROVE_FIELD)) return { ...plain, editable: [] };
  if (!names.every((name) => primitive(properties[name]!))) return { ...plain, editable: [] };
  const fields: Record<string, Record<string, unknown>> = { approve, ...remember };
  for (const name of names) {
    const kept = KEPT[properties[name]!.type as string]!;
    const field: Record<string, unknown> = { type: properties[name]!.type };
    for (const key of kept) if (properties[name]![key] !== undefined) field[key] = properties[name]![key];
    if (field.format !== undefined && !FORMATS.has(String(field.format))) delete field.format;
    field.title ??= name;
    if (args[name] !== undefined) field.default = args[name];
    fields[name] = field;
  }
  return { requestedSchema: { type: "object", properties: fields, required: [APPROVE_FIELD] }, editable: names };
}

const REMEMBER = {
  type: "boolean",
  title: "Remember for this session",
  description: "Also allow later calls of this tool in this session without asking (until it ends or 24 hours pass)",
  default: false,
};

/** The question above an approval form: the call as the model made it, and whether the form lets the user edit it. */
export function approvalQuestion(tool: string, shown: string, form: ApprovalForm): string {
  const edit = form.editable.length === 0 ? "" : " You may change its arguments in this form before approving.";
  return `The model wants to call tool "${tool}" with ${shown}. This tool needs your approval.${edit} Allow this call?`;
}

/**
 * Settles an accepted approval form. Fields the human changed make an edit: the call runs through approve-with-edits
 * (`approve(id, { args })`, validated against the tool's schema, the result carrying `approval.editedArgs`), still
 * bound to the arguments shown (`expectedArgs`). Unchanged fields approve the call as shown. A field left out of the
 * answer keeps the value shown. An edit the schema refuses runs nothing: the call is rejected, the reason naming
 * what was wrong, since the form's question is over and nobody else would answer the pending call.
 */
export async function approveAnswer(
  approvals: McpApprovals,
  id: string,
  shown: Readonly<Record<string, unknown>>,
  answer: { readonly form: ApprovalForm; readonly content: Readonly<Record<string, unknown>> },
  signal: AbortSignal,
): Promise<ToolResult> {
  const edited: Record<string, unknown> = structuredClone(shown) as Record<string, unknown>;
  let changed = false;
  for (const name of answer.form.editable) {
    if (!(name in answer.content) || answer.content[name] === shown[name]) continue;
    edited[name] = answer.content[name];
    changed = true;
  }
  // "Remember for this session": a grant for this tool in the call's session (only offered when it has one).
  const remember =
    answer.form.requestedSchema.properties[REMEMBER_FIELD] !== undefined && answer.content[REMEMBER_FIELD] === true;
  const granted = remember ? { remember: "session" as const } : {};
  if (!changed) return approvals.approve(id, { signal, expectedArgs: shown, ...granted });
  try {
    return await approvals.approve(id, { signal, expectedArgs: shown, args: edited, ...granted });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "ToolValidationError") throw error;
    return approvals.reject(
      id,
      `the user's edited arguments are invalid, so nothing ran: ${error.message.replace(/\.$/, "")}`,
    );
  }
}
