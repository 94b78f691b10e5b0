import { MemoryStore } from "toolwright";
import { GrantStore } from "../../../src/state/grants/index.js";

// A grant's id names its scope (level, tool, session), so revoke and get need no search: any session text and any
// tool name round-trip, and an id no grant could have finds nothing.

const draft = (toolName: string, session?: string) => ({
  toolName,
  level: session === undefined ? ("tenant" as const) : ("session" as const),
  ...(session === undefined ? {} : { session }),
  when: {},
  schemaVersion: "v1",
  afterUntrustedOutput: false,
  approvalId: "a1",
  ttlMs: 60_000,
});

describe("GrantStore", () => {
  it("finds and revokes grants whatever their session or tool name holds", async () => {
    const grants = new GrantStore(new MemoryStore(), { tenant: "t/-/agent", user: undefined });
    for (const [tool, session] of [
      ["a.b", "s|1"],
      ["tool~x", "%zz|%7C"],
      ["t", "ünï/cödé ~ |"],
    ] as const) {
      const made = await grants.create(draft(tool, session));
      expect(await grants.get(made.id)).toEqual(made);
      expect(await grants.forCall(tool, session)).toEqual([made]);
      expect(await grants.forCall(tool, `${session}x`)).toEqual([]);
      expect(await grants.revoke(made.id)).toBe(true);
      expect(await grants.get(made.id)).toBeUndefined();
    }
  });

  it("finds nothing for ids no grant could have", async () => {
    const grants = new GrantStore(new MemoryStore(), { tenant: "t", user: undefined });
    const made = await grants.create(draft("t"));
    for (const id of [
      "",
      "tenant",
      "tenant|t",
      "user|t|x",
      "session|t|x",
      "tenant|t|x|s",
      "nope|t|x",
      "tenant|%E0|x",
    ]) {
      expect(await grants.get(id)).toBeUndefined();
      expect(await grants.revoke(id)).toBe(false);
    }
    expect(await grants.get(made.id)).toEqual(made);
  });
});
