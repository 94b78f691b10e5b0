import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Issue 34: the package lacked a LICENSE file and its repository fields, its README linked to docs/ that the packed
// package does not hold (dead links on the registry page), and the API reference covered 7 of its 11 entries.
// publint and arethetypeswrong check the packed tarball in .ci/run.

const root = join(__dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  license: string;
  repository?: { url?: string };
  homepage?: string;
  bugs?: { url?: string };
  files: string[];
  exports: Record<string, string | { import: { types: string } }>;
};

describe("issue 34: ready to publish", () => {
  it("ships an MIT LICENSE matching package.json, and says where the project lives", () => {
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
    expect(pkg.files).toEqual(expect.arrayContaining(["LICENSE", "CHANGELOG.md", "README.md"]));
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/github\.com\/.+\.git$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs?.url).toMatch(/^https:\/\//);
  });

  it("links from the README only to absolute URLs or anchors, which work on the registry page", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const relative = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target!)
      .filter((target) => !/^(https?:|#|mailto:)/.test(target));
    expect(relative).toEqual([]);
  });

  it("documents every entry of package.json's exports in the API reference", () => {
    const typedoc = JSON.parse(readFileSync(join(root, "typedoc.json"), "utf8")) as { entryPoints: string[] };
    // toolwright/internal/ajv-family is the build's ajv file, required by the package itself, and no API.
    const internal = Object.keys(pkg.exports).filter((subpath) => subpath.startsWith("./internal/"));
    expect(internal).toEqual(["./internal/ajv-family"]);
    const entries = Object.entries(pkg.exports)
      .filter(([subpath]) => !internal.includes(subpath))
      .map(([, value]) => value)
      .filter((value): value is { import: { types: string } } => typeof value === "object")
      .map((value) => value.import.types.replace(/^\.\/dist\/esm\//, "src/").replace(/\.d\.ts$/, ".ts"));
    expect(entries).toHaveLength(11);
    for (const entry of entries) expect(existsSync(join(root, entry))).toBe(true);
    expect([...typedoc.entryPoints].sort()).toEqual([...entries].sort());
  });
});
