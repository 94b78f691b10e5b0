/** One line of the results table. */
export interface Row {
  readonly measure: string;
  readonly toolwright: string;
  readonly floor: string;
  readonly ratio: number;
  /** The ratio the issue sets, when it sets one. */
  readonly target?: number;
  /** An absolute limit the issue sets instead, in milliseconds, with the measured value it judges. */
  readonly limitMs?: { readonly limit: number; readonly value: number };
}

/** Formats nanoseconds with a unit that keeps three significant figures readable. */
export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** Formats a byte count in MB (10^6) with the per-item size beside it. */
export function formatBytes(bytes: number, perItem: number): string {
  return `${(bytes / 1e6).toFixed(2)} MB (${perItem.toFixed(0)} B each)`;
}

function verdict(row: Row): string {
  if (row.limitMs) {
    const { limit, value } = row.limitMs;
    return value <= limit ? `≤ ${limit} ms met` : `≤ ${limit} ms MISSED`;
  }
  if (row.target === undefined) return "";
  return row.ratio <= row.target ? `≤ ${row.target}× met` : `≤ ${row.target}× MISSED`;
}

/** Renders the rows as a Markdown table, so the same text serves the terminal and docs/performance.md. */
export function renderTable(rows: readonly Row[]): string {
  const header = ["measure", "toolwright", "floor", "ratio", "target"];
  const cells = rows.map((row) => [row.measure, row.toolwright, row.floor, `${row.ratio.toFixed(2)}×`, verdict(row)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  const line = (values: readonly string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}
