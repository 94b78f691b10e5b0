import { any } from "./any.js";
import { array } from "./array.js";
import { boolean } from "./boolean.js";
import { enumOf } from "./enum.js";
import { literal } from "./literal.js";
import { nullable } from "./nullable.js";
import { integer, number } from "./number.js";
import { object } from "./object.js";
import { optional } from "./optional.js";
import { record } from "./record.js";
import { string } from "./string.js";
import { union } from "./union.js";

/**
 * The parameter descriptor builders. Each returns a frozen JSON Schema object with a phantom static type.
 * @example
 * const params = { city: p.string("City name"), days: p.integer({ minimum: 1, maximum: 14 }).default(3) };
 * type Args = Infer<typeof p.object(params)>; // { city: string; days: number }
 */
export const p = Object.freeze({
  string,
  number,
  integer,
  boolean,
  literal,
  enum: enumOf,
  array,
  object,
  union,
  nullable,
  optional,
  record,
  any,
});
