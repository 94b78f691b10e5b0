import { ClientCapabilityError } from "toolwright";
import { declares, requireFeature } from "../../../src/mcp/serve/client-features.js";

describe("declares", () => {
  it("reads form elicitation from elicitation: {} or elicitation.form, never from url alone", () => {
    expect(declares({ elicitation: {} }, "elicitation")).toBe(true);
    expect(declares({ elicitation: { form: {} } }, "elicitation")).toBe(true);
    expect(declares({ elicitation: { form: {}, url: {} } }, "elicitation")).toBe(true);
    expect(declares({ elicitation: { url: {} } }, "elicitation")).toBe(false);
  });

  it("is false for a feature the capabilities leave out, or when there are none", () => {
    expect(declares({ sampling: {} }, "roots")).toBe(false);
    expect(declares({ sampling: {} }, "sampling")).toBe(true);
    expect(declares(undefined, "sampling")).toBe(false);
  });
});

describe("requireFeature", () => {
  it("throws CLIENT_CAPABILITY_MISSING naming the feature, and reports it, when it is not declared", () => {
    const missing: string[] = [];
    let thrown: unknown;
    try {
      requireFeature({ elicitation: {} }, "roots", (feature) => missing.push(feature));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ClientCapabilityError);
    expect(thrown).toMatchObject({ code: "CLIENT_CAPABILITY_MISSING", feature: "roots" });
    expect((thrown as Error).message).toContain('"roots" capability');
    expect(missing).toEqual(["roots"]);
    expect(() => requireFeature({ roots: {} }, "roots", () => missing.push("never"))).not.toThrow();
    expect(missing).toEqual(["roots"]);
  });
});
