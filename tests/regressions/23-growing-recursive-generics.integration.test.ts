import { resolve } from "node:path";
import { generateSchemas } from "../../src/generate/generate.js";

const root = resolve(__dirname, "../..");

describe("issue 23: recursive generics whose argument grows at each level", () => {
  it("end in generator errors naming file:line, not a stack overflow or an out-of-memory crash", async () => {
    const result = await generateSchemas({
      files: ["tests/fixtures/first-hour/growing-generics.ts"],
      project: "tsconfig.json",
      cwd: root,
      out: "/tmp/unused.generated.ts",
    });
    const lines = result.issues.map((issue) => `${issue.file}:${issue.line} ${issue.message}`);
    expect(lines).toEqual([
      expect.stringMatching(
        /growing-generics\.ts:\d+ GrowingAgent\.walk parameter "root": the type nests more than 64 levels deep/,
      ),
      // The methods return what they were given, so their return types (output schemas) hit the same limit.
      expect.stringMatching(
        /growing-generics\.ts:\d+ GrowingAgent\.walk return type: the type nests more than 64 levels/,
      ),
      expect.stringMatching(/growing-generics\.ts:\d+ GrowingAgent\.spread parameter "root": the type (nests|expands)/),
      expect.stringMatching(/growing-generics\.ts:\d+ GrowingAgent\.spread return type: the type (nests|expands)/),
    ]);
  }, 120_000);
});
