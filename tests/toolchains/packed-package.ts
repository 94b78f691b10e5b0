import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildAndPack, repoRoot } from "../package/consumer-project.js";

/** The newest modification time of what the build reads, in base 36: part of the folder's name. */
function sourceStamp(): string {
  let newest = 0;
  const visit = (path: string): void => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of [
    "src",
    "scripts",
    "package.json",
    "package-lock.json",
    "tsconfig.build.json",
    "tsconfig.cjs.json",
  ]) {
    visit(join(repoRoot, path));
  }
  return Math.floor(newest).toString(36);
}

/**
 * Builds and packs the package once per jest run, for every toolchain suite: the build takes about a minute on a
 * loaded machine. Jest's workers share their parent's pid; the first suite to create the folder builds, the others
 * wait for its tarball. The sources' newest modification time is part of the folder's name too, so a later run whose
 * parent got a reused pid never takes an old tarball. Resolves with the tarball's path.
 */
export async function packedTarball(): Promise<string> {
  const dir = join(tmpdir(), `toolwright-toolchains-${process.ppid}-${sourceStamp()}`);
  const done = join(dir, "tarball");
  let builder = false;
  try {
    mkdirSync(dir);
    builder = true;
  } catch {
    // Another suite of this run is building it.
  }
  if (builder) {
    try {
      writeFileSync(done, (await buildAndPack(dir)).tarball);
    } catch (error) {
      writeFileSync(join(dir, "failed"), String(error));
      throw error;
    }
  }
  for (let waited = 0; waited < 600_000; waited += 500) {
    if (existsSync(done)) return readFileSync(done, "utf8");
    if (existsSync(join(dir, "failed")))
      throw new Error(`the build failed: ${readFileSync(join(dir, "failed"), "utf8")}`);
    await sleep(500);
  }
  throw new Error(`no tarball in ${dir} after 10 minutes`);
}
