/**
 * Warns the developer: through `process.emitWarning` where the runtime has it (Node, Bun, Deno, workerd with
 * nodejs_compat), so `--no-warnings` and `process.on("warning")` apply; through `console.warn` elsewhere (a browser,
 * workerd without nodejs_compat, Vercel's Edge Runtime). `code` names the warning, e.g. `TOOLWRIGHT_UNCHECKED_FORMAT`.
 */
export function emitWarning(text: string, code: string): void {
  const host = (globalThis as { process?: { emitWarning?: (text: string, options: object) => void } }).process;
  if (typeof host?.emitWarning === "function") host.emitWarning(text, { code });
  else console.warn(`(${code}) ${text}`);
}
