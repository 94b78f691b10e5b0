import { content, image, p } from "toolwright";
import { checkResult } from "../../src/tool/check-result.js";
import { resolveOutputSchema } from "../../src/schema/output-schema.js";
import { ArgumentValidator } from "../../src/schema/validator.js";

const validator = new ArgumentValidator();
const schemaOf = (returns: unknown) => resolveOutputSchema(returns, "test")!.outputSchema;

describe("checkResult", () => {
  it("returns no issues for any plain value when there is no output schema", () => {
    expect(checkResult({ anything: 1 }, undefined, validator)).toEqual([]);
  });

  it("names the path and what is expected when a value breaks the output schema", () => {
    const schema = schemaOf({ celsius: p.number(), city: p.string() });
    expect(checkResult({ celsius: 21, city: "Oslo" }, schema, validator)).toEqual([]);
    expect(checkResult({ celsius: "warm" }, schema, validator)).toEqual([
      { path: "/city", keyword: "required", message: "is required" },
      { path: "/celsius", keyword: "type", message: "must be number" },
    ]);
    expect(checkResult(undefined, schemaOf(p.string()), validator)).toEqual([
      expect.objectContaining({ path: "", keyword: "type" }),
    ]);
  });

  it("checks rich content with the part rules, whatever the output schema", () => {
    const bad = content(image({ data: "%%", mimeType: "image/png" }));
    expect(checkResult(bad, undefined, validator)).toEqual([
      expect.objectContaining({ path: "/parts/0/data", keyword: "base64" }),
    ]);
  });
});
