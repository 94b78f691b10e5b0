import { raceRevoke } from "./grant-race.js";

// Issue 38: 1,000 racing calls under a grant revoked mid-way; none runs after the revocation is written (the revoke
// promise resolved), on the default backend.

describe("a grant revoked while calls race (memory)", () => {
  it("starts no handler after revoke resolved; the later calls ask again", async () => {
    const { log, results } = await raceRevoke({ agentName: "race_memory", calls: 1_000, revokeAfter: 500 });
    const revokedAt = log.indexOf("revoked");
    expect(revokedAt).toBeGreaterThan(0); // some calls ran under the grant first
    expect(log.slice(revokedAt + 1)).not.toContain("ran");
    const asked = results.filter((r) => r.outcome === "awaiting_approval");
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length + revokedAt).toBe(1_000);
    expect(results.every((r) => r.outcome === "awaiting_approval" || r.grant !== undefined)).toBe(true);
  });
});
