import { runInNewContext } from "node:vm";
import { readParameters } from "../../src/reflect/parameters.js";

describe("readParameters", () => {
  it("never runs a default expression when it reads a default with side effects", () => {
    const context = { calls: 0 };
    const fn = runInNewContext(
      "(function (a = (calls += 1), b = [calls++, (() => { calls += 1; return 1; })()], c = `${calls++}`) {})",
      context,
    ) as (...args: never[]) => unknown;
    const result = readParameters(fn);
    expect(result.ok && result.parameters.map((p) => [p.name, p.hasDefault, p.defaultValue])).toEqual([
      ["a", true, undefined],
      ["b", true, undefined],
      ["c", true, undefined],
    ]);
    expect(context.calls).toBe(0);
  });

  it("reads the parameters when the method body holds a class with private members, a static block and a v-flag regex", () => {
    const fn = runInNewContext(
      "(class { run(first, second = 2) { class Inner { static #x = 1; static { this.y = /[a-z]/v; } } return first ?? second; } }).prototype.run",
    ) as (...args: never[]) => unknown;
    const result = readParameters(fn);
    expect(result.ok && result.parameters.map((p) => [p.name, p.defaultValue?.value])).toEqual([
      ["first", undefined],
      ["second", 2],
    ]);
  });
});
