import type * as Toolwright from "toolwright";
import type * as Validator from "../../src/schema/validator.js";

const DEPENDENCIES = ["ajv/dist/2020.js", "ajv-formats", "re2js"] as const;
type Dependency = (typeof DEPENDENCIES)[number];

// Loads a fresh copy of `path` (and of all it imports) whose schema dependencies count how often they are loaded.
function fresh<T>(path: string): { module: T; loads: () => Record<Dependency, number> } {
  const counts: Record<Dependency, number> = { "ajv/dist/2020.js": 0, "ajv-formats": 0, re2js: 0 };
  let module: T | undefined;
  jest.isolateModules(() => {
    for (const name of DEPENDENCIES) {
      jest.doMock(name, () => {
        counts[name] += 1;
        return jest.requireActual(name);
      });
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    module = require(path) as T;
  });
  return { module: module!, loads: () => ({ ...counts }) };
}

const objectOf = (properties: object) => ({ type: "object", properties });

describe("the validator's dependencies", () => {
  it("are not loaded when toolwright is imported and registries are created", () => {
    const { module: tw, loads } = fresh<typeof Toolwright>("../../src/index.js");
    new tw.ToolRegistry();
    expect(tw.toolRegistry).toBeInstanceOf(tw.ToolRegistry);
    expect(loads()).toEqual({ "ajv/dist/2020.js": 0, "ajv-formats": 0, re2js: 0 });
  });

  it("are loaded one by one, each when the first schema compiled needs it", () => {
    const { module, loads } = fresh<typeof Validator>("../../src/schema/validator.js");
    const validator = new module.ArgumentValidator();
    expect(loads()).toEqual({ "ajv/dist/2020.js": 0, "ajv-formats": 0, re2js: 0 });

    expect(validator.validate(objectOf({ a: { type: "number" } }), { a: "1" })).toHaveLength(1);
    expect(loads()).toEqual({ "ajv/dist/2020.js": 1, "ajv-formats": 0, re2js: 0 });

    const mail = objectOf({ to: { type: "string", format: "email" } });
    expect(validator.validate(mail, { to: "not an address" })).toEqual([
      { path: "/to", keyword: "format", message: 'must match format "email"' },
    ]);
    expect(validator.validate(objectOf({ at: { type: "string", format: "date" } }), { at: "2026-13-01" })).toEqual([
      { path: "/at", keyword: "format", message: 'must match format "date"' },
    ]);
    expect(loads()).toEqual({ "ajv/dist/2020.js": 1, "ajv-formats": 1, re2js: 0 });

    expect(validator.validate(objectOf({ id: { type: "string", pattern: "^[A-Z]+$" } }), { id: "abc" })).toHaveLength(
      1,
    );
    expect(
      validator.validate({ type: "object", patternProperties: { "^x": { type: "number" } } }, { xy: "1" }),
    ).toEqual([expect.objectContaining({ path: "/xy", keyword: "type" })]);
    expect(loads()).toEqual({ "ajv/dist/2020.js": 1, "ajv-formats": 1, re2js: 1 });
  });

  it("keep ajv-formats' formatMinimum keyword working", () => {
    const { module } = fresh<typeof Validator>("../../src/schema/validator.js");
    const schema = objectOf({ day: { type: "string", format: "date", formatMinimum: "2026-01-01" } });
    expect(new module.ArgumentValidator().validate(schema, { day: "2025-12-31" })).toEqual([
      expect.objectContaining({ path: "/day", keyword: "formatMinimum" }),
    ]);
  });
});

describe("a tool whose schema uses format", () => {
  it("rejects a call whose argument breaks the format, with the format named", async () => {
    const { module: tw } = fresh<typeof Toolwright>("../../src/index.js");
    class Mailer extends tw.BaseAgent {
      @tw.tool({ description: "Send", params: { to: tw.p.string({ format: "email" }) } })
      send({ to }: { to: string }) {
        return to;
      }
    }
    const agent = new Mailer({ registry: new tw.ToolRegistry() });
    expect((await agent.callTool("send", { to: "a@example.com" })).content).toBe("a@example.com");
    const wrong = await agent.callTool("send", { to: "not an address" });
    expect(wrong).toMatchObject({ ok: false, outcome: "invalid_arguments" });
    expect(wrong.error?.issues).toEqual([{ path: "/to", keyword: "format", message: 'must match format "email"' }]);
  });
});
