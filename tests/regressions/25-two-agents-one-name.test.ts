import { ToolRegistry } from "toolwright";
import { NotesAgent as NotesA } from "../fixtures/first-hour/same-name-a.js";
import { NotesAgent as NotesB } from "../fixtures/first-hour/same-name-b.js";

describe("issue 25: two agent classes of one name from two files", () => {
  it("names both files, not the same class name twice", () => {
    const registry = new ToolRegistry();
    new NotesA({ registry });
    expect(() => new NotesB({ registry })).toThrow(
      /already used by class NotesAgent \(tests\/fixtures\/first-hour\/same-name-a\.ts\) in this registry, so class NotesAgent \(tests\/fixtures\/first-hour\/same-name-b\.ts\) cannot use it/,
    );
  });
});
