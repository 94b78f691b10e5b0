import { readFileSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";

/** A file of the page, read once at start: its bytes and content type. */
export interface PageAsset {
  readonly body: Buffer;
  readonly type: string;
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * Reads the page's files (`index.html`, its scripts and styles) from `dir`, keyed by URL path (`/`, `/app.js`): the
 * server answers only these names, so no request can reach another file.
 * @throws {Error} when `dir` has no index.html (a build that did not copy the page).
 */
export function readPageAssets(dir: string): ReadonlyMap<string, PageAsset> {
  const assets = new Map<string, PageAsset>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[extname(name)];
    if (type !== undefined) assets.set(`/${name}`, { body: readFileSync(join(dir, name)), type });
  }
  const index = assets.get("/index.html");
  if (!index) throw new Error(`the playground's page is missing: no index.html in ${dir}`);
  assets.set("/", index);
  return assets;
}
