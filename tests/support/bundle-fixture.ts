import { join } from "node:path";
import { buildSync } from "esbuild";

const ROOT = join(__dirname, "..", "..");
const bundled = new Map<string, string>();

/**
 * Bundles a fixture script for a child process once per test run and returns the bundle's path: a process then starts
 * in well under a second, where compiling every source file through tsx took seconds on a busy machine. The bundle
 * sits inside node_modules, so it finds the packages it leaves external.
 */
export function bundleFixture(script: string, name: string, external: readonly string[]): string {
  const cached = bundled.get(name);
  if (cached) return cached;
  const outfile = join(ROOT, "node_modules", ".cache", "toolwright-tests", `${name}.mjs`);
  buildSync({
    entryPoints: [join(ROOT, script)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...external],
    logLevel: "error",
  });
  bundled.set(name, outfile);
  return outfile;
}
