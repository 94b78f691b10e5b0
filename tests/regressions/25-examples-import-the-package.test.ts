import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const examples = join(__dirname, "..", "..", "examples");

// Code copied from an example must work in the reader's project: the examples import "toolwright" (and its
// subpaths), which tsconfig.json `paths` maps to src/ here, so `npm run demo` needs no build on a fresh clone.
describe("issue 25: the examples import the package by name", () => {
  const files = readdirSync(examples).filter((name) => name.endsWith(".ts"));

  it.each(files)("%s imports nothing from ../src", (name) => {
    const text = readFileSync(join(examples, name), "utf8");
    expect(text).not.toMatch(/from\s+["']\.\.\/src\//);
  });

  it("includes the demo's own entry", () => {
    expect(files).toContain("demo.ts");
    expect(readFileSync(join(examples, "demo.ts"), "utf8")).toContain('from "toolwright"');
  });
});
