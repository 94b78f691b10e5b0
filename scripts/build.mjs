// Builds two copies of the library: ESM (dist/esm) and CommonJS (dist/cjs), each with its .d.ts files.
// The CommonJS folder gets its own package.json so Node and TypeScript read its .js and .d.ts files as CommonJS.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";

const tsc = (project) => execFileSync("npx", ["tsc", "-p", project], { stdio: "inherit" });

rmSync("dist", { recursive: true, force: true });
tsc("tsconfig.build.json");
tsc("tsconfig.cjs.json");
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }, null, 2) + "\n");
