// A random prefix per loaded copy of the module, then a counter: unique within the process, distinct across processes
// for all practical purposes, and far cheaper than a UUID on every call. A call id is a label, not a secret, so
// Math.random is enough for the prefix; importing node:crypto for it cost a fresh process ~6 ms.
const PREFIX = `call_${Math.floor(Math.random() * 2 ** 48)
  .toString(16)
  .padStart(12, "0")}_`;

// The counter is written as its thousands (a string made once per thousand calls) followed by three digits from a
// table: turning a fresh number into text on every call cost more than the rest of the id. Thousands written without
// leading zeros and units always as three digits make a different text for every count.
const UNITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
let counter = 0;
let thousands = -1;
let head = PREFIX;

/** Returns a fresh id for a tool call that came without one (`call_<12 hex>_<counter>`). */
export function generateCallId(): string {
  counter += 1;
  const high = Math.floor(counter / 1000);
  if (high !== thousands) {
    thousands = high;
    head = PREFIX + high;
  }
  return head + UNITS[counter - high * 1000]!;
}
