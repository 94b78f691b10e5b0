// `npx tsx bench/parser-cold-start.ts [runs]`: what the lazily loaded parser costs a fresh process. Each run is a new
// node process that imports toolwright, then times the first resolution of an agent made only of @tool methods, the
// first @builtinTool resolution (which loads acorn and parses one method), and a second @builtinTool resolution (parse
// only). Prints the medians in milliseconds as JSON.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { median } from "./measure.js";

interface Run {
  readonly toolOnlyMs: number;
  readonly firstBuiltinMs: number;
  readonly secondBuiltinMs: number;
  readonly parserLoadedByToolOnly: boolean;
}

async function child(): Promise<Run> {
  const { BaseAgent, ToolRegistry, builtinTool, p, tool } = await import("../src/index.js");
  const parserLoaded = () =>
    Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("/node_modules/acorn/"));
  const time = (make: () => unknown) => {
    const start = performance.now();
    make();
    return performance.now() - start;
  };
  class Weather extends BaseAgent {
    @tool({ description: "Forecast", params: { city: p.string() } })
    forecast({ city }: { city: string }) {
      return city;
    }
  }
  class Files extends BaseAgent {
    @builtinTool({ description: "Delete a file", params: { path: p.string() } })
    remove(path: string, force = false) {
      return `${path}${force}`;
    }
  }
  class Folders extends BaseAgent {
    @builtinTool({ description: "Make a folder", params: { path: p.string() } })
    make(path: string, recursive = true) {
      return `${path}${recursive}`;
    }
  }
  const toolOnlyMs = time(() => new Weather({ registry: new ToolRegistry() }).toolSpecs());
  const parserLoadedByToolOnly = parserLoaded();
  const firstBuiltinMs = time(() => new Files({ registry: new ToolRegistry() }).toolSpecs());
  const secondBuiltinMs = time(() => new Folders({ registry: new ToolRegistry() }).toolSpecs());
  return { toolOnlyMs, firstBuiltinMs, secondBuiltinMs, parserLoadedByToolOnly };
}

if (process.argv.includes("--child")) {
  console.log(JSON.stringify(await child()));
} else {
  const runs = Number(process.argv[2] ?? 7);
  const self = fileURLToPath(import.meta.url);
  const results: Run[] = [];
  for (let i = 0; i < runs; i += 1) {
    const out = execFileSync(process.execPath, ["--import", "tsx", self, "--child"], { encoding: "utf8" });
    results.push(JSON.parse(out) as Run);
  }
  const pick = (key: "toolOnlyMs" | "firstBuiltinMs" | "secondBuiltinMs") =>
    Number(median(results.map((run) => run[key])).toFixed(2));
  console.log(
    JSON.stringify({
      runs,
      toolOnlyMs: pick("toolOnlyMs"),
      firstBuiltinMs: pick("firstBuiltinMs"),
      secondBuiltinMs: pick("secondBuiltinMs"),
      parserLoadedByToolOnly: results.some((run) => run.parserLoadedByToolOnly),
    }),
  );
}
