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
// The count is kept as its thousands and its units, so a call adds one and compares, with no division.
let units = 0;
let thousands = 0;
let head = `${PREFIX}0`;

/** Returns a fresh id for a tool call that came without one (`call_<12 hex>_<counter>`). */
export function generateCallId(): string {
  if (++units === 1000) {
    units = 0;
    thousands += 1;
    head = PREFIX + thousands;
  }
  return head + UNITS[units]!;
}
