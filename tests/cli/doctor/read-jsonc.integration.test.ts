import { parseJsonc } from "../../../src/cli/doctor/read-jsonc.js";

describe("parseJsonc", () => {
  it("keeps comment markers and trailing-comma look-alikes when they are inside strings", () => {
    expect(parseJsonc('{ "url": "https://x.dev/a", "glob": "src/**/*.ts", "odd": ",}", "q": "\\"//\\"" }')).toEqual({
      url: "https://x.dev/a",
      glob: "src/**/*.ts",
      odd: ",}",
      q: '"//"',
    });
  });

  it("drops comments and trailing commas when a comment sits between the comma and the bracket", () => {
    expect(parseJsonc('{\n  "lib": ["ES2022", /* one */ "esnext",\n  // last\n  ],\n}')).toEqual({
      lib: ["ES2022", "esnext"],
    });
  });

  it("throws a SyntaxError when the text is not JSON once comments are gone", () => {
    expect(() => parseJsonc("{ target: ES2022 }")).toThrow(SyntaxError);
  });
});
