import { expectRaceHeld, raceRevoke } from "./grant-race.js";

// Issue 38: 1,000 racing calls under a grant revoked mid-way; none runs after the revocation is written (the store
// acknowledged it: the revoke promise resolved), on the default backend. Each handler records, when it starts,
// whether the revocation had been written; the order comes from the store's answers, not from a timer.

describe("a grant revoked while calls race (memory)", () => {
  it("starts no handler after the revocation is written; the later calls ask again", async () => {
    const raced = await raceRevoke({ agentName: "race_memory", calls: 1_000, revokeAfter: 500 });
    expectRaceHeld(raced);
    expect(raced.slice(0, 500).some((call) => call.ran)).toBe(true);
    expect(raced.slice(500).every((call) => !call.ran || call.result.grant !== undefined)).toBe(true);
  });
});
