/**
 * A number the model must send as a whole number. At run time it is a plain `number`; `toolwright generate` reads the
 * brand and writes `{ "type": "integer" }` instead of `{ "type": "number" }`. Plain numbers are assignable to it.
 * @example
 * \@builtinTool()
 * async search(pattern: string, maxResults: Integer = 10) { ... }
 */
export type Integer = number & { readonly "~toolwright.integer"?: true };
