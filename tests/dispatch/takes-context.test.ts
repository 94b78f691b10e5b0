import { type AnyFunction, takesContext } from "../../src/dispatch/takes-context.js";

describe("takesContext", () => {
  it("is false for handlers that declare at most one plain parameter and never name arguments", () => {
    class Agent {
      add({ a, b }: { a: number; b: number }) {
        return a + b;
      }
      none() {
        return 1;
      }
    }
    expect(takesContext(Agent.prototype.add)).toBe(false);
    expect(takesContext(Agent.prototype.none)).toBe(false);
    expect(takesContext((args: object) => args)).toBe(false);
    expect(
      takesContext(function named([first]: number[]) {
        return first;
      }),
    ).toBe(false);
    expect(takesContext(async (args: object) => args)).toBe(false);
  });

  it("is true for any handler that can see a second argument", () => {
    const fromSource = (text: string) => (0, eval)(`(${text})`) as AnyFunction;
    expect(takesContext((_args: object, context: object) => context)).toBe(true);
    expect(takesContext(fromSource("(args, context = {}) => context"))).toBe(true);
    expect(takesContext(fromSource("(...all) => all[1]"))).toBe(true);
    expect(takesContext(fromSource("(args, ...rest) => rest"))).toBe(true);
    expect(takesContext(fromSource("function (args) { return arguments[1]; }"))).toBe(true);
    expect(takesContext(fromSource("({ a = 1 }) => a"))).toBe(true);
    expect(takesContext(fromSource("(args /* , context */) => args"))).toBe(true);
    expect(takesContext(fromSource('({ ["a)"]: a }) => a'))).toBe(true);
    expect(takesContext(((args: object) => args).bind(null))).toBe(true);
  });
});
