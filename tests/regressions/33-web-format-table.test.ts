import { CHECKED_FORMATS } from "../../src/schema/formats.js";

// The worker and browser build swaps @cfworker/json-schema's format table (its format.js, 6 KiB of regular
// expressions) for the empty one of src/schema/no-eval/interpreter-formats-web.ts (scripts/build.mjs): toolwright
// writes its own checks over every name before the first compile, so the package's were never asked. Here the
// interpreter reads that empty table, as in dist/web, and every format is still checked, on toolwright's terms.
jest.mock("../../node_modules/@cfworker/json-schema/dist/commonjs/format.js", () =>
  jest.requireActual("../../src/schema/no-eval/interpreter-formats-web.ts"),
);
const { format: packageTable } = jest.requireActual<{ format: Record<string, unknown> }>(
  "../../node_modules/@cfworker/json-schema/dist/commonjs/format.js",
);

import { format as interpreterTable } from "@cfworker/json-schema";
import { compileWithoutEval } from "../../src/schema/no-eval/compile-without-eval.js";
import { format as webTable } from "../../src/schema/no-eval/interpreter-formats-web.js";

describe("the web build's format table (issue #33)", () => {
  it("leaves out no format the interpreter's own table knows: toolwright checks each of them", () => {
    expect(Object.keys(packageTable).length).toBeGreaterThan(0);
    expect(Object.keys(packageTable).filter((name) => !CHECKED_FORMATS.has(name))).toEqual([]);
  });

  it("is the table the interpreter reads, filled with toolwright's checks by the first compile", () => {
    expect(interpreterTable).toBe(webTable);
    const check = compileWithoutEval({ type: "string", format: "ipv4" });
    expect(Object.keys(webTable).sort()).toEqual([...CHECKED_FORMATS].sort());
    expect(check("192.168.0.1")).toBe(true);
    expect(check("999.1.1.1")).toBe(false);
  });

  it.each([
    ["date", "2024-02-30"],
    ["date-time", "2024-01-01T25:00:00Z"],
    ["email", "no-at-sign"],
    ["hostname", "-bad-.example"],
    ["uri", "not a uri"],
    ["uuid", "1234"],
    ["json-pointer", "no-slash"],
    ["regex", "("],
  ])("refuses an invalid %s through that table", (name, value) => {
    const check = compileWithoutEval({ type: "string", format: name });
    expect(check(value)).toBe(false);
  });
});
