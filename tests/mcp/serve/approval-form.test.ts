// Which tools' approval forms offer their arguments for editing: only flat, primitive ones, as MCP forms allow.
import { type ObjectJsonSchema, p } from "toolwright";
import { approvalForm } from "../../../src/mcp/serve/approval-form.js";

const schema = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ type: "object", properties, required }) as ObjectJsonSchema;

describe("approvalForm", () => {
  it("offers primitive arguments with their MCP keywords, drops the ones MCP forms lack", () => {
    const form = approvalForm(
      schema(
        {
          email: p.string({ format: "email", pattern: "@" }),
          id: p.string({ format: "uuid" }),
          ratio: p.number({ minimum: 0, multipleOf: 0.5 }),
          on: p.boolean(),
        },
        ["email"],
      ),
      { email: "a@b.c", ratio: 1, on: true },
    );
    expect(form.editable).toEqual(["email", "id", "ratio", "on"]);
    // Only `approve` is required, even for the tool's required `email`: a left-out field keeps the model's value, and a
    // client answering `{ approve: true }` must pass the SDK's check of the answer against this schema (issue 34).
    expect(form.requestedSchema.required).toEqual(["approve"]);
    expect(form.requestedSchema.properties.email).toEqual({
      type: "string",
      format: "email",
      title: "email",
      default: "a@b.c",
    });
    // Not sent by the model: no default. A format MCP does not know stays out (the tool's schema still checks it).
    expect(form.requestedSchema.properties.id).toEqual({ type: "string", title: "id" });
    expect(form.requestedSchema.properties.ratio).toEqual({ type: "number", minimum: 0, title: "ratio", default: 1 });
  });

  it.each([
    ["an object", { where: p.object({ city: p.string() }) }, {}],
    ["an array", { tags: p.array(p.string()) }, {}],
    ["a nullable", { note: p.nullable(p.string()) }, {}],
    ["a numeric enum", { level: p.enum([1, 2]) }, {}],
    ["an argument named approve", { approve: p.boolean() }, {}],
    ["no arguments", {}, {}],
    ["an argument the schema does not list", { title: p.string() }, { title: "x", extra: 1 }],
  ])("keeps the approve-only form for %s", (_what, properties, args) => {
    const form = approvalForm(schema(properties), args);
    expect(form.editable).toEqual([]);
    expect(Object.keys(form.requestedSchema.properties)).toEqual(["approve"]);
  });

  it('offers "Remember for this session" only for a call with a session, and never over an argument of that name', () => {
    const plain = schema({ path: p.string() });
    expect(approvalForm(plain, { path: "/a" }).requestedSchema.properties.remember).toBeUndefined();
    expect(approvalForm(plain, { path: "/a" }, true).requestedSchema.properties.remember).toMatchObject({
      type: "boolean",
      default: false,
    });
    expect(approvalForm(plain, { path: "/a" }, true).editable).toEqual(["path"]);
    const named = schema({ remember: p.boolean() });
    const form = approvalForm(named, { remember: true }, true);
    expect(form.requestedSchema.properties.remember).toEqual(expect.objectContaining({ title: "remember" }));
    expect(form.editable).toEqual(["remember"]);
  });
});
