/** One positional parameter as written in a function's source. */
export interface SourceParameter {
  /** Holds the parameter's name, or `undefined` for a destructuring pattern such as `{ a }` or `[b]`. */
  readonly name: string | undefined;
  /** Tells whether the parameter is a rest parameter (`...name`). */
  readonly rest: boolean;
  /** Tells whether the parameter has a default (`name = expression`). */
  readonly hasDefault: boolean;
  /** Holds the default expression as written, without the comments and whitespace around it. */
  readonly defaultSource?: string;
  /**
   * Holds the default's value when the default is a literal: a number (also negative, hex, `1_000`, `1e3`), a
   * string, a template without `${}`, `true`, `false` (also as the minifier forms `!0` / `!1`), `null`, or an array
   * or object of literals. Absent for any other expression, `undefined` included, so absence means "unknown".
   */
  readonly defaultValue?: { readonly value: unknown };
}
