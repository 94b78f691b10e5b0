import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The built ESM entry point the fresh-process bench imports, as a user's program would. */
export const distEntry = join(repoRoot, "dist", "esm", "index.js");

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Runs `npm run build` when dist/ is missing or older than a file of src/, so the fresh-process numbers are those of
 * the current code. Returns true when it built.
 */
export function ensureBuild(): boolean {
  if (existsSync(distEntry) && statSync(distEntry).mtimeMs >= newestSourceTime(join(repoRoot, "src"))) return false;
  // stdout goes to stderr so that `--json` output stays one clean JSON document.
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: ["ignore", process.stderr, "inherit"] });
  return true;
}
