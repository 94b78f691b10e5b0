#!/usr/bin/env node
// The `toolwright` command (package.json "bin"). Everything but process wiring lives in main.ts.
import { main } from "./main.js";

void main(process.argv.slice(2), {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
}).then((code) => {
  // Exit once both streams are flushed, even if the loaded module left timers or sockets open.
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
});
