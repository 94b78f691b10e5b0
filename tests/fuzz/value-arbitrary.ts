import fc from "fast-check";
import { HOSTILE_KEYS } from "./descriptor-arbitrary.js";

type Schema = Readonly<Record<string, unknown>>;

const hostileNumber = fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, -1e308, 2 ** 53 + 1, 5e-324, 0.1 + 0.2);
const hostileString = fc.oneof(
  fc.constantFrom("", "a".repeat(40) + "!", "é".repeat(8), "😀😀", "\u0000", "__proto__", "constructor", "1e400"),
  fc.string({ minLength: 200, maxLength: 400 }),
);
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileString,
  fc.constantFrom(null, undefined, true, false, 0n, Symbol("s"), () => 1),
);

/** Nests a value `depth` levels deep, in objects or arrays. */
function deep(depth: number, leaf: unknown, arrays: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { child: value };
  return value;
}

/** Values that are not plain data: Proxies, getters, sparse arrays, cycles, deep nesting, prototype keys. */
export function hostileWrap(value: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(value),
    hostileLeaf,
    fc.integer({ min: 250, max: 270 }).map((depth) => deep(depth, value, depth % 2 === 0)),
    fc.constant(Object.assign(new Array(3), { 1: value })),
    fc.constant(value).map((v) => {
      // Answers differently on every other read: what was validated must be what the handler gets.
      let reads = 0;
      return new Proxy(typeof v === "object" && v !== null ? v : {}, {
        get: (target, key) => (++reads % 2 === 1 ? Reflect.get(target, key) : "swapped"),
      });
    }),
    fc.constant(
      new Proxy(
        {},
        {
          ownKeys() {
            throw new Error("ownKeys trap");
          },
        },
      ),
    ),
    fc.constant(
      Object.defineProperty({}, "x", {
        enumerable: true,
        get() {
          throw new Error("getter");
        },
      }),
    ),
    fc.constant(
      (() => {
        const cycle: Record<string, unknown> = { value };
        cycle.self = cycle;
        return cycle;
      })(),
    ),
  );
}

/**
 * Values shaped after a schema (so many pass validation and reach the handler), each node sometimes swapped for a
 * hostile one (so the rest probe the validator).
 */
export function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedValue(schema, depth);
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: shaped.chain(hostileWrap) });
}

function shapedValue(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.jsonValue({ maxDepth: 1 });
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => valueFor(s, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return fc.constantFrom(...types).chain((type) => typedValue(schema, type, depth));
}

function typedValue(schema: Schema, type: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const num = (key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
  switch (type) {
    case "string":
      return fc.oneof(
        fc.string({
          minLength: num("minLength") ?? 0,
          maxLength: Math.max(num("maxLength") ?? 8, num("minLength") ?? 0),
        }),
        fc.stringMatching(/^a{0,8}$/),
      );
    case "integer":
      return fc.oneof(fc.integer({ min: num("minimum") ?? -100, max: num("maximum") ?? 100 }), hostileNumber);
    case "number":
      return fc.oneof(
        fc.double({ min: num("minimum") ?? -100, max: num("maximum") ?? 100, noNaN: true }),
        fc.integer({ min: -4, max: 4 }).map((n) => n * 2),
        hostileNumber,
      );
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valueFor((schema.items as Schema) ?? {}, depth + 1), { maxLength: 4 });
    case "object":
      return objectValue(schema, depth);
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileLeaf);
  }
}

function objectValue(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const entries = Object.keys(properties).map((key) =>
    fc.option(valueFor(properties[key]!, depth + 1), { freq: 4 }).map((v) => [key, v] as const),
  );
  const extras = fc.array(
    fc.tuple(
      fc.constantFrom(...HOSTILE_KEYS, "extra"),
      valueFor((schema.additionalProperties as Schema) ?? {}, depth + 1),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...entries), extras).map(([own, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of [...own, ...extra]) {
      // A null from fc.option stands for "absent" half the time and for a real null the other half.
      if (value === null && key.length % 2 === 0) continue;
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

/** How a call's arguments reach callTool: as the object, or as the JSON text a model sends (with a 1e400 now and then). */
export function asCallInput(value: unknown): fc.Arbitrary<unknown> {
  const text = () => {
    try {
      return JSON.stringify(value) ?? "";
    } catch {
      return "{}";
    }
  };
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(value) },
    { weight: 5, arbitrary: fc.constant(null).map(text) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":1e400}', "", "null", "[]", "{", '{"__proto__":{"x":1}}') },
  );
}
