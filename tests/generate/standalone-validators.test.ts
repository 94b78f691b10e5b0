import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ObjectJsonSchema, type PrecompiledValidator, registerPrecompiledValidators } from "toolwright";
import { renderValidators } from "../../src/generate/standalone-validators.js";
import { issuesOf } from "../../src/schema/argument-issues.js";
import { precompiledRuntime, precompiledValidatorFor, schemaHash } from "../../src/schema/precompiled-validators.js";
import { ArgumentValidator } from "../../src/schema/validator.js";

const render = (inputSchema: object) =>
  renderValidators({
    version: 1,
    tools: { "Agent.tool": { kind: "tool", inputSchema: inputSchema as ObjectJsonSchema } },
  });

// Loads a generated validator from its file. Jest runs CommonJS and cannot import an ES module, so its two exports
// are rewritten as CommonJS ones; the code between them is loaded as written.
function load(inputSchema: object): PrecompiledValidator {
  const [file] = render(inputSchema);
  const dir = mkdtempSync(join(tmpdir(), "toolwright-standalone-"));
  try {
    const text = file!.text.replace(/^export (const|function) /gm, "$1 ") + "\nmodule.exports = { hash, create };\n";
    writeFileSync(join(dir, "validator.cjs"), text);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(join(dir, "validator.cjs")) as PrecompiledValidator;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SCHEMA = {
  type: "object",
  properties: {
    id: { type: "string", pattern: "^[a-z]+$", maxLength: 4 },
    tags: { type: "array", items: { type: "string" }, uniqueItems: true },
    when: { type: "string", format: "date" },
    extra: { type: "object", patternProperties: { "^x-": { type: "integer" } } },
    mode: { enum: ["a", { b: 1 }] },
  },
  required: ["id"],
  additionalProperties: false,
};

describe("renderValidators", () => {
  it("names each validator by the hash of its schema and lists them in index.js", () => {
    const files = render(SCHEMA);
    expect(files.map((f) => f.name)).toEqual([`${schemaHash(SCHEMA)}.js`, "index.js", "index.d.ts"]);
    expect(files[1]!.text).toContain(`import * as v0 from "./${schemaHash(SCHEMA)}.js";`);
  });

  it("writes code that reports exactly what toolwright's ajv reports, call after call", () => {
    const { hash, create } = load(SCHEMA);
    expect(hash).toBe(schemaHash(SCHEMA));
    const precompiled = create(precompiledRuntime());
    const compiled = new ArgumentValidator().compileArguments(SCHEMA);
    const calls: unknown[] = [
      { id: "abc" },
      { id: "abc", tags: ["x", "y"], when: "2026-12-06", extra: { "x-a": 1 }, mode: { b: 1 } },
      { id: "ABC" },
      // Over its length bound: only that is reported, not the pattern as well (toolwright's keyword skips it).
      { id: "abcdefg" },
      { id: "ab", tags: ["x", "x"], when: "2026-13-45", extra: { "x-a": 1.5, y: "z" }, mode: { b: 2 } },
      { id: 1, other: true },
      { id: "ab", extra: { "x-n": Number.POSITIVE_INFINITY } },
      "not an object",
    ];
    for (const call of calls) expect([call, issuesOf(precompiled, call)]).toEqual([call, issuesOf(compiled, call)]);
  });

  it("refuses at generation a pattern toolwright cannot match in linear time, naming it", () => {
    expect(() => render({ type: "object", properties: { a: { type: "string", pattern: "^(?!admin)" } } })).toThrow(
      /cannot be matched in linear time/,
    );
  });

  it("refuses a schema whose code would need an ajv runtime piece toolwright does not provide, naming the tool", () => {
    expect(() => render({ $async: true, type: "object" })).toThrow(
      /Agent\.tool: its input schema needs ajv\/dist\/runtime\/validation_error/,
    );
  });
});

describe("precompiledValidatorFor", () => {
  it("finds a registered validator only for the schema with exactly its text", () => {
    const validator = load(SCHEMA);
    registerPrecompiledValidators([validator]);
    expect(precompiledValidatorFor(structuredClone(SCHEMA))).toBeDefined();
    expect(precompiledValidatorFor({ ...SCHEMA, required: [] })).toBeUndefined();
    // Key order is part of the text: ajv reports properties in the order the schema lists them.
    const { type, ...rest } = SCHEMA;
    expect(precompiledValidatorFor({ ...rest, type })).toBeUndefined();
  });
});
