import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRANSITIONS, type TransitionKind, transitionTable } from "../../src/state/port/transitions.js";

// docs/architecture.md shows the record transition tables; they are the data in src/state/port/transitions.ts,
// rendered. Prettier pads the document's columns, so rows are compared cell by cell, not as text.
const doc = readFileSync(join(__dirname, "../../docs/architecture.md"), "utf8");

function rows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
}

describe("the transition tables of docs/architecture.md", () => {
  it.each(Object.keys(TRANSITIONS) as TransitionKind[])("shows the %s table as the data has it", (kind) => {
    const section = new RegExp(`<!-- transitions:${kind} -->([\\s\\S]*?)<!-- /transitions:${kind} -->`).exec(doc);
    expect(section).not.toBeNull();
    expect(rows(section![1]!)).toEqual(rows(transitionTable(kind)));
  });
});
