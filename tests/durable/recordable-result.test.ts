import { BaseAgent, ToolRegistry, p, runDurableCall, tool } from "toolwright";
import { MemoryJournal } from "./journal-port.js";

describe("a durable call on a port with a step limit", () => {
  let runs = 0;
  class Exporter extends BaseAgent {
    @tool({ description: "Export rows", params: { chars: p.integer(), char: p.string() } })
    export_rows({ chars, char }: { chars: number; char: string }) {
      runs += 1;
      return char.repeat(chars);
    }
  }
  const agent = new Exporter({ registry: new ToolRegistry() });
  const journaled = (journal: MemoryJournal, maxStepBytes: number) => ({ ...journal.attempt(), maxStepBytes });

  beforeEach(() => void (runs = 0));

  it("records a result over the limit as one INVALID_RESULT failure, which a replay returns without running", async () => {
    const journal = new MemoryJournal();
    const first = await runDurableCall(journaled(journal, 1_000), agent, "export_rows", { chars: 2_000, char: "x" });
    expect(first).toMatchObject({ ok: false, outcome: "failed", error: { code: "INVALID_RESULT" } });
    expect(first.error?.message).toMatch(/larger than the 1,000 bytes the durable engine can record/);
    const replay = await runDurableCall(journaled(journal, 1_000), agent, "export_rows", { chars: 2_000, char: "x" });
    expect(replay).toEqual(first);
    expect(runs).toBe(1);
  });

  it("counts UTF-8 bytes, not characters, and keeps a result that fits", async () => {
    // 400 "é" are 400 characters and 800 bytes: over 600 bytes, under 600 characters.
    const over = await runDurableCall(journaled(new MemoryJournal(), 600), agent, "export_rows", {
      chars: 400,
      char: "é",
    });
    expect(over.error?.code).toBe("INVALID_RESULT");
    const fits = await runDurableCall(journaled(new MemoryJournal(), 1_000), agent, "export_rows", {
      chars: 400,
      char: "é",
    });
    expect(fits).toMatchObject({ ok: true, content: "é".repeat(400) });
  });
});
