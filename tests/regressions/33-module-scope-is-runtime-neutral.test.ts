// workerd refuses, at module scope, what it calls I/O-like operations: creating an AbortController, timers and random
// values. The Worker did not start: src/tool/tool-definition.ts made its never-aborted signal at import.
describe("importing toolwright (issue #33)", () => {
  it("creates no AbortController, timer or random value at module scope", () => {
    const forbidden = (name: string) => () => {
      throw new Error(`${name} called within global scope`);
    };
    const saved = {
      AbortController: globalThis.AbortController,
      setTimeout: globalThis.setTimeout,
      setInterval: globalThis.setInterval,
      getRandomValues: globalThis.crypto.getRandomValues,
    };
    Object.assign(globalThis, {
      AbortController: forbidden("new AbortController()"),
      setTimeout: forbidden("setTimeout"),
      setInterval: forbidden("setInterval"),
    });
    globalThis.crypto.getRandomValues = forbidden("crypto.getRandomValues") as typeof crypto.getRandomValues;
    try {
      expect(() =>
        jest.isolateModules(() => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require("../../src/index");
        }),
      ).not.toThrow();
    } finally {
      Object.assign(globalThis, saved);
      globalThis.crypto.getRandomValues = saved.getRandomValues;
    }
  });
});
