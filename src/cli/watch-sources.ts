import { type FSWatcher, existsSync, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";

/** What {@link watchSources} calls back with, and how it is stopped. */
export interface SourceWatcher {
  /** Watches the folders of these files too (the files a run read; a new one may be in a new folder). */
  follow(files: readonly string[]): void;
  /** The number of folders watched. */
  readonly size: number;
  close(): void;
}

const SOURCE = /\.(?:[cm]?ts|tsx|json)$/;

/**
 * Watches the folders of the given files, not the files: an editor that saves by writing a new file and renaming it
 * over the old one (vim's default, JetBrains' safe write, `sed -i`) replaces the inode a file watch follows, so
 * such a watch goes silent after the first save. A folder watch sees every save, and new files too. `onChange` is
 * called for any TypeScript (or tsconfig) file that changes, appears or disappears, except `ignore` (the generated
 * module, which the run itself writes).
 */
export function watchSources(files: readonly string[], ignore: () => string, onChange: () => void): SourceWatcher {
  const watchers = new Map<string, FSWatcher>();
  const follow = (paths: readonly string[]) => {
    for (const file of paths) {
      const folder = dirname(resolve(file));
      if (watchers.has(folder) || !existsSync(folder)) continue;
      const watcher = watch(folder, (_event, name) => {
        // Without a name (some platforms), anything may have changed.
        if (name === null) return onChange();
        const changed = resolve(folder, name.toString());
        if (SOURCE.test(basename(changed)) && changed !== ignore()) onChange();
      });
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    }
  };
  follow(files);
  return {
    follow,
    get size() {
      return watchers.size;
    },
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
