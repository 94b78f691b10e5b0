import { activityOptionsFor, type TemporalToolSpec } from "toolwright/temporal-workflow";
import { NON_RETRYABLE_INPUT } from "../../../src/adapters/temporal-workflow/tool-activity-options.js";

const spec = (overrides: Partial<TemporalToolSpec> = {}): TemporalToolSpec => ({
  name: "charge",
  description: "Charge",
  inputSchema: { type: "object" },
  approval: "never",
  ...overrides,
});

describe("activityOptionsFor's retry policy", () => {
  it("re-delivers a lost attempt 3 times, 1 s apart and doubling, when the tool declares no retries", () => {
    expect(activityOptionsFor(spec()).retry).toEqual({
      maximumAttempts: 3,
      initialInterval: 1_000,
      backoffCoefficient: 2,
      nonRetryableErrorTypes: [NON_RETRYABLE_INPUT],
    });
    expect(activityOptionsFor(spec({ maxRetries: 0 })).retry?.maximumAttempts).toBe(3);
  });

  it("gives a tool that declares more retries than the floor 1 + maxRetries attempts", () => {
    expect(activityOptionsFor(spec({ maxRetries: 5 })).retry?.maximumAttempts).toBe(6);
    expect(activityOptionsFor(spec({ maxRetries: 1 })).retry?.maximumAttempts).toBe(3);
  });

  it("takes the floor and the pause from the workflow's defaults", () => {
    const options = activityOptionsFor(spec({ maxRetries: 1 }), { maximumAttempts: 5, retryIntervalMs: 250 });
    expect(options.retry).toMatchObject({ maximumAttempts: 5, initialInterval: 250 });
    expect(activityOptionsFor(spec({ maxRetries: 9 }), { maximumAttempts: 5 }).retry?.maximumAttempts).toBe(10);
  });
});

describe("activityOptionsFor's time limit", () => {
  it("leaves a tool without timeoutMs room for toolwright's own retry pauses", () => {
    // 12 retries pause 100 ms doubling: 409.5 s, more than the 5-minute default alone.
    const limit = Number(activityOptionsFor(spec({ maxRetries: 12 })).startToCloseTimeout);
    expect(limit).toBeGreaterThanOrEqual(300_000 + 409_500);
    expect(activityOptionsFor(spec()).startToCloseTimeout).toBe(300_000);
  });

  it("stays a finite number, whatever maxRetries says", () => {
    const limit = activityOptionsFor(spec({ maxRetries: 1_100 })).startToCloseTimeout;
    expect(Number.isFinite(limit)).toBe(true);
    expect(JSON.parse(JSON.stringify({ limit })).limit).toBe(limit);
  });
});
