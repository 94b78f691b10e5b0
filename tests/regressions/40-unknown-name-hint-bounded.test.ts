import { BaseAgent, ToolNotFoundError, ToolRegistry } from "toolwright";
import { closestName, editDistance } from "../../src/errors/closest-name.js";

// An unknown tool name got its "Did you mean …?" from a full edit-distance matrix against every tool, whatever its
// length: one call with a 1 MB name blocked the process ~17 s, and the message sent the megabyte back to the model.
// Ending within jest's timeout is the proof (the old matrix for this test was 200 × 10^6 × 64 cells).
function registryOf(count: number): ToolRegistry {
  const registry = new ToolRegistry();
  for (let i = 0; i < count; i++)
    registry.register(`tool_number_${i}_${"x".repeat(i % 40)}`, () => i, {
      description: `Tool ${i}`,
      inputSchema: { type: "object" },
    });
  return registry;
}

// The full matrix, as the hint computed it before: the bounded one must agree with it wherever it answers.
function fullDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}

describe("the unknown-tool hint", () => {
  it("answers a 1 MB name against 200 tools at once, and does not echo the megabyte", async () => {
    const registry = registryOf(200);
    const name = "a".repeat(1 << 20);
    const error = await registry.dispatch(name, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolNotFoundError);
    const { message } = error as ToolNotFoundError;
    expect(message).not.toContain("Did you mean");
    expect(message).toContain(`(cut from ${1 << 20} characters)`);
    expect(message.length).toBeLessThan(20_000);

    class Empty extends BaseAgent {}
    const result = await new Empty({ registry }).callTool(`tool_number_1_${"é".repeat(400_000)}`, {});
    expect(result.error?.code).toBe("TOOL_NOT_FOUND");
    expect(result.error?.message.length).toBeLessThan(20_000);
  });

  it("still names the tool a near miss meant", async () => {
    const registry = registryOf(200);
    const hint = (name: string) =>
      registry
        .dispatch(name, {})
        .catch((error: ToolNotFoundError) => /Did you mean "([^"]+)"/.exec(error.message)?.[1]);
    expect(await hint("tool_numbr_7_xxxxxxx")).toBe("tool_number_7_xxxxxxx");
    expect(await hint("TOOL_NUMBER_12_XXXXXXXXXXXX")).toBe("tool_number_12_xxxxxxxxxxxx");
    expect(await hint("tool_nubmer_3_xxx")).toBe("tool_number_3_xxx");
    expect(await hint("deploy_production")).toBeUndefined();
    expect(closestName("math_agnet", ["physics_agent", "math_agent"])).toBe("math_agent");
    expect(closestName("a", ["b", "c"])).toBe("b");
  });

  it("computes the same distance as the full matrix, or says it is over the limit", () => {
    let seed = 40;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // Short words over few letters (many matches and swaps) and longer ones, so the band's edges move.
    const word = () => {
      const length = Math.floor(random() * (random() < 0.5 ? 12 : 30));
      const letters = random() < 0.5 ? "ab" : "abcd";
      return Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join("");
    };
    for (let n = 0; n < 5_000; n++) {
      const [a, b] = [word(), word()];
      const limit = Math.floor(random() * 14);
      const full = fullDistance(a, b);
      expect([a, b, editDistance(a, b)]).toEqual([a, b, full]);
      expect([a, b, limit, editDistance(a, b, limit)]).toEqual([a, b, limit, full <= limit ? full : limit + 1]);
    }
  });
});
