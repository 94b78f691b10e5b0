import { describeThrown } from "../errors/describe-thrown.js";

/** Returns why a value is not JSON-serialisable (a BigInt, a cycle, a function), or undefined when it is. */
export function unserialisable(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return undefined;
    case "bigint":
      return "a BigInt";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
  }
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return `a value JSON cannot encode (${describeThrown(error)})`;
  }
}
