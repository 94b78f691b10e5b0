import fc from "fast-check";
import { type AnyParam, p } from "toolwright";

type Param = AnyParam;

// Patterns a model's strings are matched against: plain ones, and the classic catastrophic ones.
const PATTERNS = ["^[a-z]*$", "^[A-Z]+-[0-9]+$", "^(a+)+$", "^(a|aa)+$", "b", "^\\u00e9*$"];
// Keys a hostile model likes: prototype members, pointer metacharacters, the empty string.
export const HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "a/b", "~0", ""];

const bound = fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined });
const length = fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined });

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

function defined<T extends object>(options: T): Defined<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Defined<T>;
}

const stringParam: fc.Arbitrary<Param> = fc
  .record({
    minLength: length,
    maxLength: length,
    pattern: fc.option(fc.constantFrom(...PATTERNS), { nil: undefined }),
    withDefault: fc.boolean(),
  })
  .map(({ withDefault, ...o }) => {
    const param = p.string(defined(o));
    const plain = o.minLength === undefined && o.maxLength === undefined && o.pattern === undefined;
    return withDefault && plain ? param.default("dflt") : param;
  });

const numericParam: fc.Arbitrary<Param> = fc
  .record({
    integer: fc.boolean(),
    a: bound,
    b: bound,
    multipleOf: fc.option(fc.constantFrom(2, 0.5), { nil: undefined }),
  })
  .map(({ integer, a, b, multipleOf }) => {
    const [minimum, maximum] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
    const options = defined({ minimum, maximum, multipleOf });
    return integer ? p.integer(options) : p.number(options);
  });

const leaf: fc.Arbitrary<Param> = fc.oneof(
  stringParam,
  numericParam,
  fc.boolean().map((withDefault) => (withDefault ? p.boolean().default(false) : p.boolean())),
  fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean()).map((v) => p.literal(v)),
  fc.uniqueArray(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 4 }).map((v) => p.enum(v as [string])),
  fc.constant(p.any()),
);

/** Random descriptor trees: every `p.*` kind, modifiers, nesting up to a few levels, hostile property names. */
export const descriptorArbitrary: fc.Arbitrary<Param> = fc.letrec<{ param: Param }>((tie) => ({
  param: fc.oneof(
    { maxDepth: 3, depthIdentifier: "param" },
    leaf,
    fc
      .record({ item: tie("param"), maxItems: length, uniqueItems: fc.boolean() })
      .map(({ item, ...o }) => p.array(item, defined(o))),
    shapeOf(tie("param")).map((shape) => p.object(shape)),
    fc.tuple(tie("param"), tie("param")).map(([a, b]) => p.union([a, b])),
    tie("param").map((inner) => p.nullable(inner)),
    tie("param").map((inner) => p.record(inner)),
  ),
})).param;

function shapeOf(param: fc.Arbitrary<Param>): fc.Arbitrary<Record<string, Param>> {
  const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS, "a", "b", "c"), fc.string({ maxLength: 4 }));
  const entry = fc
    .tuple(key, param, fc.boolean())
    .map(([k, v, optional]) => [k, optional ? p.optional(v) : v] as const);
  // fromEntries defines own keys, so "__proto__" is a property name, never the shape's prototype.
  return fc.uniqueArray(entry, { maxLength: 4, selector: ([k]) => k }).map((entries) => Object.fromEntries(entries));
}

/** A tool's parameter shape: the top level of its arguments object. */
export const shapeArbitrary: fc.Arbitrary<Record<string, Param>> = shapeOf(descriptorArbitrary);
