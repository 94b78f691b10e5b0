// `npm run bench:generate` (tsx bench/generate-schemas.ts): `toolwright generate` on a 200-tool project, as a user
// runs it: a fresh `node dist/esm/cli/toolwright.js generate` process per run (compiler load included), median of 5.
// `--json` prints every run. See docs/generate.md for the figure.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild, repoRoot } from "./ensure-build.js";
import { median } from "./measure.js";

const CLASSES = 10;
const TOOLS_PER_CLASS = 20;
const RUNS = 5;

// Half positional @builtinTool methods, half @tool methods with an interface parameter: literal unions, optional and
// defaulted parameters, JSDoc constraint tags, nested objects and arrays, as typed agents have.
function classSource(c: number): string {
  const methods: string[] = [];
  for (let i = 0; i < TOOLS_PER_CLASS; i++) {
    methods.push(
      i % 2 === 0
        ? `
  /**
   * Find records like number ${i}.
   * @param query What to look for. @minLength 1
   * @param limit At most this many. @minimum 1
   */
  @builtinTool()
  find${i}(query: string, limit: Integer = 10, mode?: "exact" | "fuzzy", tags: string[] = []) { return [query, limit, mode, tags]; }`
        : `
  /** Update record number ${i}. */
  @tool()
  update${i}(change: Change${c}) { return change; }`,
    );
  }
  return `import { BaseAgent, builtinTool, tool, type Integer } from "toolwright";

/** A change to a record. */
export interface Change${c} {
  /** Record id. @format uuid */
  id: string;
  fields: Record<string, string | number | null>;
  owner?: { name: string; email: string | null };
  priority: "low" | "high";
}

export class Agent${c} extends BaseAgent {${methods.join("\n")}
}
`;
}

function writeProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-generate-bench-"));
  const files: string[] = [];
  for (let c = 0; c < CLASSES; c++) {
    writeFileSync(join(dir, `agent-${c}.ts`), classSource(c));
    files.push(`agent-${c}.ts`);
  }
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2022", "esnext.decorators"],
    skipLibCheck: true,
    types: [],
    // The built declarations, as an installed package would provide them.
    paths: { toolwright: [join(repoRoot, "dist", "esm", "index.d.ts")] },
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }, null, 2));
  return dir;
}

ensureBuild();
const dir = writeProject();
try {
  const command = join(repoRoot, "dist", "esm", "cli", "toolwright.js");
  // The child reports its own CPU time on exit: on a shared machine, wall time mostly measures the neighbours.
  const preload = join(dir, "report-cpu.mjs");
  writeFileSync(
    preload,
    'process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write(`cpu ${(u.user + u.system) / 1000}\\n`); });',
  );
  const runs: number[] = [];
  const cpu: number[] = [];
  let output = "";
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const child = spawnSync(
      process.execPath,
      ["--import", pathToFileURL(preload).href, command, "generate", "--out", "tools.generated.ts"],
      { cwd: dir, encoding: "utf8" },
    );
    runs.push(performance.now() - start);
    if (child.status !== 0) throw new Error(`generate failed: ${child.stderr}`);
    cpu.push(Number(/cpu ([\d.]+)/.exec(child.stderr)?.[1]));
    output = child.stdout;
  }
  const machine = { node: process.version, cpu: cpus()[0]?.model ?? "unknown", loadAverage1m: loadavg()[0] ?? 0 };
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ tools: CLASSES * TOOLS_PER_CLASS, wallMs: runs, cpuMs: cpu, machine }, null, 2));
  } else {
    console.log(output.trim());
    console.log(
      `toolwright generate, ${CLASSES * TOOLS_PER_CLASS} tools in ${CLASSES} files, fresh process: ` +
        `median ${median(runs).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU ` +
        `(wall: ${runs.map((ms) => ms.toFixed(0)).join(", ")}; CPU: ${cpu.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
    console.log(`${machine.cpu}, node ${machine.node}, load average ${machine.loadAverage1m.toFixed(2)} at start`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
