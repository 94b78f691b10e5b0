import { generateCallId } from "../../src/tool/call-id.js";

describe("generateCallId", () => {
  it("never repeats an id when the count crosses thousands", () => {
    const ids = Array.from({ length: 25_000 }, () => generateCallId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]{12}_\d{4,}$/);
  });
});
