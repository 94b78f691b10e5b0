import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Returns a function that makes a new folder in the system's temporary folder, its name starting with `prefix`, and
 * registers an `afterAll` that removes every folder it made once the suite (or the `describe` it is called in) is
 * done, so a run leaves nothing in /tmp. Call it where `afterAll` may be called: a file's or a `describe`'s top level.
 */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
