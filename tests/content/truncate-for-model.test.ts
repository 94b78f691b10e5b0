import { DEFAULT_MAX_RESULT_CHARS, truncateForModel } from "toolwright";

describe("truncateForModel", () => {
  it("returns text that fits unchanged", () => {
    expect(truncateForModel("short", 5)).toBe("short");
    expect(DEFAULT_MAX_RESULT_CHARS).toBe(50_000);
  });

  it("keeps the head and the tail around a notice of what was cut, within the limit", () => {
    const text = "a".repeat(6_000) + "b".repeat(4_000);
    const out = truncateForModel(text, 1_000);
    expect(out.length).toBeLessThanOrEqual(1_000);
    expect(out.startsWith("aaaa")).toBe(true);
    expect(out.endsWith("bbbb")).toBe(true);
    const cut =
      /\[… ([\d,]+) of 10,000 characters cut: the result is longer than the 1,000 characters the model reads …\]/.exec(
        out,
      );
    expect(cut).not.toBeNull();
    const kept = out.replace(/\n\n\[…[^\]]*\]\n\n/, "");
    expect(Number(cut![1]!.replaceAll(",", "")) + kept.length).toBe(10_000);
    // Two thirds of the room go to the head.
    expect(kept.indexOf("b") === -1 ? kept.length : kept.lastIndexOf("a") + 1).toBeGreaterThan(kept.length / 2);
  });

  it("cuts at a line break near the cut, so the model reads whole lines", () => {
    const lines = Array.from({ length: 400 }, (_, i) => `line ${String(i).padStart(3, "0")}`).join("\n");
    const out = truncateForModel(lines, 1_000);
    const [head, tail] = out.split(/\n\n\[…[^\]]*\]\n\n/);
    expect(head!.endsWith("\n")).toBe(true);
    expect(tail).toMatch(/^line \d{3}\n/);
    expect(tail!.endsWith("line 399")).toBe(true);
  });

  it("never splits a surrogate pair", () => {
    const text = "😀".repeat(5_000);
    const out = truncateForModel(text, 999);
    expect(out.length).toBeLessThanOrEqual(999);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it("returns only the head when the limit is too small for the notice", () => {
    expect(truncateForModel("x".repeat(500), 20)).toBe("x".repeat(20));
  });
});
