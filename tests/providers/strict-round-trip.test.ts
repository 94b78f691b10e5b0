import { dropStrictNulls } from "../../src/schema/strict/drop-strict-nulls.js";
import { toStrictJsonSchema } from "../../src/schema/strict/rewrite.js";
import { makeAjv, validationProblems } from "../fixtures/providers/ajv.js";
import { allKinds, optionals, tree } from "../fixtures/providers/tool-specs.js";

// What a model under OpenAI strict mode sends when it leaves every optional field out: a null for each.
const optionalsFromModel = {
  query: "build failures",
  limit: null,
  filter: {
    owner: null,
    labels: [
      { key: "team", value: null },
      { key: "area", value: "ci" },
    ],
  },
  sort: null,
  note: null,
};

describe("strict rewrite round trip", () => {
  it("accepts nulls for omitted fields under the strict schema, and the original schema accepts them once dropped", () => {
    const ajv = makeAjv();
    const strict = toStrictJsonSchema(optionals.inputSchema, { provider: "openai" });
    expect(validationProblems(ajv, strict.schema, optionalsFromModel)).toBe("");
    expect(validationProblems(ajv, optionals.inputSchema, optionalsFromModel)).not.toBe("");

    const restored = dropStrictNulls(optionalsFromModel, strict);
    expect(restored).toEqual({
      query: "build failures",
      filter: { labels: [{ key: "team" }, { key: "area", value: "ci" }] },
      note: null,
    });
    expect(validationProblems(ajv, optionals.inputSchema, restored)).toBe("");
  });

  it("keeps a null the original schema allows (a nullable field stays null, not absent)", () => {
    const strict = toStrictJsonSchema(optionals.inputSchema, { provider: "openai" });
    expect(dropStrictNulls({ query: "q", note: null }, strict)).toEqual({ query: "q", note: null });
  });

  it("restores arguments of every descriptor kind when only the optional fields are null", () => {
    const ajv = makeAjv();
    const strict = toStrictJsonSchema(allKinds.inputSchema, { provider: "openai" });
    const args = {
      text: "hello world",
      when: "2026-01-02T03:04:05Z",
      site: null,
      ratio: 0.5,
      count: null,
      flag: null,
      mode: "fast",
      version: 3,
      confirm: true,
      unit: "celsius",
      level: 2,
      tags: ["a", "b"],
      address: { street: "Main", zip: null },
      id: 7,
      middle: null,
      parent: null,
      choice: false,
      grade: null,
    };
    expect(validationProblems(ajv, strict.schema, args)).toBe("");
    const restored = dropStrictNulls(args, strict) as Record<string, unknown>;
    expect(validationProblems(ajv, allKinds.inputSchema, restored)).toBe("");
    expect(restored).not.toHaveProperty("site");
    expect(restored.address).toEqual({ street: "Main" });
    expect(restored.middle).toBeNull();
  });

  it("follows $refs into recursive definitions", () => {
    const ajv = makeAjv();
    const strict = toStrictJsonSchema(tree.inputSchema, { provider: "openai" });
    // `next` already accepts null (a linked list's end), so only `children` was made nullable.
    expect(strict.nulledOptionals).toEqual({ "/$defs/Node": ["children"] });
    const args = { root: { label: "a", children: [{ label: "b", children: null, next: null }], next: null } };
    expect(validationProblems(ajv, strict.schema, args)).toBe("");
    const restored = dropStrictNulls(args, strict);
    expect(restored).toEqual({ root: { label: "a", children: [{ label: "b", next: null }], next: null } });
    expect(validationProblems(ajv, tree.inputSchema, restored)).toBe("");
  });

  it("never changes the arguments it is given", () => {
    const args = structuredClone(optionalsFromModel);
    dropStrictNulls(args, toStrictJsonSchema(optionals.inputSchema, { provider: "openai" }));
    expect(args).toEqual(optionalsFromModel);
  });
});
