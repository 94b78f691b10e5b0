import { BaseAgent, type GrantConditions, MemoryStore, ToolRegistry, p, tool } from "toolwright";

// Issue 38: a grant never widens. Arguments fuzzed around each condition (boundary numbers, ±epsilon, prefixes one
// character short or long, unicode look-alikes, NFC against NFD, extra keys, wrong types): every call outside the
// condition asks, every call inside it runs.

let seed = 38;
// A small deterministic generator, so a failure names a case that fails again.
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}

class Fuzzed extends BaseAgent {
  static override agentName = "grant_fuzz";
  @tool({
    description: "Act",
    params: {
      path: p.string(),
      amount: p.number().optional(),
      count: p.integer().optional(),
      mode: p.string().optional(),
      tags: p.array(p.string()).optional(),
      extra: p.string().optional(),
    },
    requiresApproval: true,
  })
  act(args: Record<string, unknown>) {
    return JSON.stringify(args);
  }
}

async function grantedAgent(when: GrantConditions) {
  const agent = new Fuzzed({ store: new MemoryStore(), registry: new ToolRegistry() });
  const asked = await agent.callTool("act", { path: "/seed", amount: 1, count: 1, mode: "read" }, { session: "f" });
  await agent.approvals.approve(asked.approvalId!, { remember: "session", when });
  return async (args: Record<string, unknown>) => {
    const result = await agent.callTool("act", args, { session: "f" });
    if (result.outcome === "invalid_arguments") return "invalid";
    return result.ok && result.grant !== undefined ? "ran" : result.outcome === "awaiting_approval" ? "asked" : "other";
  };
}

describe("grant conditions never match wider than stated", () => {
  it("a number range: bounds inclusive, anything beyond by an epsilon asks, numbers only", async () => {
    const call = await grantedAgent({ amount: { min: -10, max: 100 } });
    const inside = [-10, 100, 0, -0, 99.99999999999999, -9.999999999999998, 50];
    const outside = [
      100 + 1e-13,
      100.00000000000001 + Number.EPSILON * 128,
      -10 - 1e-13,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      101,
      -11,
    ];
    for (let i = 0; i < 200; i += 1) {
      const value = -50 + random() * 200;
      (value >= -10 && value <= 100 ? inside : outside).push(value);
    }
    for (const amount of inside) expect([amount, await call({ path: "/x", amount })]).toEqual([amount, "ran"]);
    for (const amount of outside) expect([amount, await call({ path: "/x", amount })]).toEqual([amount, "asked"]);
    // Wrong types never pass validation, so never reach the grant; a missing argument asks.
    expect(await call({ path: "/x", amount: "50" })).toBe("invalid");
    expect(await call({ path: "/x" })).toBe("asked");
  });

  it("an integer range at its edges", async () => {
    const call = await grantedAgent({ count: { min: 1, max: 3 } });
    for (const count of [1, 2, 3]) expect(await call({ path: "/x", count })).toBe("ran");
    for (const count of [0, 4, -1, 2 ** 53]) expect(await call({ path: "/x", count })).toBe("asked");
  });

  it("a prefix: exact code units, one character short asks, extensions run", async () => {
    const call = await grantedAgent({ path: { prefix: "/srv/app/" } });
    const inside = ["/srv/app/", "/srv/app/a", "/srv/app//etc", "/srv/app/ü"];
    const outside = [
      "/srv/app", // one short
      "/srv/ap/", // one changed
      "srv/app/x", // one short at the start
      " /srv/app/x",
      "/SRV/app/x",
      "/srv/аpp/x", // Cyrillic а
      "／srv/app/x", // fullwidth solidus
      "/srv/app\u2215x", // division slash in place of the last /
      "",
    ];
    for (let i = 0; i < 100; i += 1) {
      const cut = Math.floor(random() * 9);
      outside.push("/srv/app/".slice(0, cut) + String.fromCharCode(33 + Math.floor(random() * 90)));
    }
    for (const path of inside) expect([path, await call({ path })]).toEqual([path, "ran"]);
    for (const path of outside.filter((p) => !p.startsWith("/srv/app/"))) {
      expect([path, await call({ path })]).toEqual([path, "asked"]);
    }
  });

  it("equals and oneOf on strings: no unicode normalisation, no case folding, no trimming", async () => {
    const nfc = "caf\u00e9";
    const nfd = "cafe\u0301";
    const call = await grantedAgent({ mode: { oneOf: ["read", nfc] }, path: { equals: "/a" } });
    expect(await call({ path: "/a", mode: "read" })).toBe("ran");
    expect(await call({ path: "/a", mode: nfc })).toBe("ran");
    for (const mode of [nfd, "Read", "read ", "rеad" /* Cyrillic е */, "ｒｅａｄ", "rea", "readx"]) {
      expect([mode, await call({ path: "/a", mode })]).toEqual([mode, "asked"]);
    }
    for (const path of ["/a/", "/A", "/а", "\u202e/a", "/a\u0000"]) {
      expect([path, await call({ path, mode: "read" })]).toEqual([path, "asked"]);
    }
  });

  it("equals on an array compares the whole value; extra keys the condition does not name do not matter", async () => {
    const call = await grantedAgent({ tags: { equals: ["a", "b"] } });
    expect(await call({ path: "/anything", tags: ["a", "b"], extra: "whatever" })).toBe("ran");
    for (const tags of [["b", "a"], ["a"], ["a", "b", "c"], ["a", "B"]]) {
      expect([tags, await call({ path: "/x", tags })]).toEqual([tags, "asked"]);
    }
    // A key the schema does not have is refused by validation (additionalProperties false), never granted.
    expect(await call({ path: "/x", tags: ["a", "b"], surprise: 1 })).toBe("invalid");
  });
});
