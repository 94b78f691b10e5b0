import { randomBytes } from "node:crypto";

// A random prefix per loaded copy of the module, then a counter: unique within the process, distinct across processes
// for all practical purposes, and far cheaper than a UUID on every call.
const PREFIX = `call_${randomBytes(6).toString("hex")}_`;
let counter = 0;

/** Returns a fresh id for a tool call that came without one (`call_<12 hex>_<counter>`). */
export function generateCallId(): string {
  counter += 1;
  return PREFIX + counter;
}
