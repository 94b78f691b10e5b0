import { ToolDefinitionError } from "../errors/errors.js";

/** The variable names of a URI template, as a type: `UriVariables<"notes://{folder}/{id}">` is `"folder" | "id"`. */
export type UriVariables<T extends string> = T extends `${string}{${infer V}}${infer Rest}`
  ? V | UriVariables<Rest>
  : never;

/** A parsed RFC 6570 level-1 URI template: its literal pieces and, between them, its variables' names. */
export interface UriTemplate {
  readonly template: string;
  /** The variables in order of appearance. */
  readonly variables: readonly string[];
  /** Returns the variables' values when `uri` matches the template, else undefined. */
  match(uri: string): Record<string, string> | undefined;
}

const VARIABLE = /^[A-Za-z0-9_]+$/;

/** Returns true when the text has a `{`: a template, not a fixed URI. */
export function isUriTemplate(uri: string): boolean {
  return uri.includes("{");
}

/**
 * Parses a level-1 template (simple `{name}` expansion only). A variable matches one or more characters up to the
 * next literal piece, never a `/` (a simple expansion percent-encodes a slash, so a raw one is the template's own).
 * @throws {ToolDefinitionError} for an operator (`{+path}`, `{?q}`), an empty or malformed name, a repeated name, two
 *   variables side by side (nothing would tell where one ends), or an unclosed brace.
 */
export function parseUriTemplate(template: string, where: string): UriTemplate {
  const literals: string[] = [];
  const variables: string[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf("{");
    if (open < 0) {
      if (rest.includes("}")) fail(where, template, "has a `}` without its `{`");
      literals.push(rest);
      break;
    }
    const close = rest.indexOf("}", open);
    if (close < 0) fail(where, template, "has a `{` without its `}`");
    const name = rest.slice(open + 1, close);
    if (!VARIABLE.test(name)) {
      fail(
        where,
        template,
        `has the expression \`{${name}}\`; only level-1 variables like \`{id}\` (letters, digits, _) are supported`,
      );
    }
    if (variables.includes(name)) fail(where, template, `names the variable \`${name}\` twice`);
    const literal = rest.slice(0, open);
    if (variables.length > 0 && literal === "")
      fail(where, template, "has two variables side by side; put a literal between them");
    literals.push(literal);
    variables.push(name);
    rest = rest.slice(close + 1);
  }
  const escaped = literals.map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`^${escaped.map((piece, i) => (i === 0 ? piece : `([^/]+)${piece}`)).join("")}$`);
  return {
    template,
    variables,
    match(uri) {
      const found = pattern.exec(uri);
      if (found === null) return undefined;
      const values: Record<string, string> = {};
      for (let i = 0; i < variables.length; i++) {
        try {
          values[variables[i]!] = decodeURIComponent(found[i + 1]!);
        } catch {
          return undefined;
        }
      }
      return values;
    },
  };
}

function fail(where: string, template: string, problem: string): never {
  throw new ToolDefinitionError(`${where}: the URI template "${template}" ${problem}.`);
}
