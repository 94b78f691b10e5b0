// `npx tsx bench/parser-cold-start.ts [runs]`: what the lazily loaded parser costs a fresh process. Each run is a new
// plain `node` process that imports the built package (dist/, rebuilt when older than src/) as a user's program
// would, then times the first resolution of an agent made only of @tool methods, the first @builtinTool resolution
// (which loads acorn and parses one method) and a second one (parse only). Prints the medians in milliseconds as JSON.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { distEntry, ensureBuild } from "./ensure-build.js";
import { median } from "./measure.js";

// Real decorator syntax, compiled ahead of time (Node 20 cannot parse decorators), importing the built package.
const childSource = `
import { createRequire } from "node:module";
const { BaseAgent, ToolRegistry, builtinTool, p, tool } = await import(${JSON.stringify(pathToFileURL(distEntry).href)});
const parserLoaded = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("/node_modules/acorn/"));
const time = (make: () => unknown) => {
  const start = performance.now();
  make();
  return performance.now() - start;
};
class Weather extends BaseAgent {
  @tool({ description: "Forecast", params: { city: p.string() } })
  forecast({ city }: { city: string }) { return city; }
}
class Files extends BaseAgent {
  @builtinTool({ description: "Delete a file", params: { path: p.string() } })
  remove(path: string, force = false) { return path + force; }
}
class Folders extends BaseAgent {
  @builtinTool({ description: "Make a folder", params: { path: p.string() } })
  make(path: string, recursive = true) { return path + recursive; }
}
const toolOnlyMs = time(() => new Weather({ registry: new ToolRegistry() }).toolSpecs());
const parserLoadedByToolOnly = parserLoaded();
const firstBuiltinMs = time(() => new Files({ registry: new ToolRegistry() }).toolSpecs());
const secondBuiltinMs = time(() => new Folders({ registry: new ToolRegistry() }).toolSpecs());
console.log(JSON.stringify({ toolOnlyMs, firstBuiltinMs, secondBuiltinMs, parserLoadedByToolOnly }));
`;

interface Run {
  readonly toolOnlyMs: number;
  readonly firstBuiltinMs: number;
  readonly secondBuiltinMs: number;
  readonly parserLoadedByToolOnly: boolean;
}

ensureBuild();
const runs = Number(process.argv[2] ?? 9);
const dir = mkdtempSync(join(tmpdir(), "toolwright-parser-bench-"));
try {
  const script = join(dir, "parser-cold-start.mjs");
  writeFileSync(script, transformSync(childSource, { loader: "ts", format: "esm", target: "es2022" }).code);
  // The first run only warms the OS file cache.
  execFileSync(process.execPath, [script]);
  const results: Run[] = [];
  for (let i = 0; i < runs; i += 1) {
    results.push(JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8" })) as Run);
  }
  const pick = (key: "toolOnlyMs" | "firstBuiltinMs" | "secondBuiltinMs") =>
    Number(median(results.map((run) => run[key])).toFixed(1));
  console.log(
    JSON.stringify({
      runs,
      toolOnlyMs: pick("toolOnlyMs"),
      firstBuiltinMs: pick("firstBuiltinMs"),
      secondBuiltinMs: pick("secondBuiltinMs"),
      parserLoadedByToolOnly: results.some((run) => run.parserLoadedByToolOnly),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
