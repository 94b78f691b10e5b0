/** Any function: a handler as the dispatcher invokes it. */
export type AnyFunction = (...args: never[]) => unknown;

// Found once per function: whether it can see a second argument.
const found = new WeakMap<AnyFunction, boolean>();

/**
 * Returns true when `handler` can see its second argument (the call's context), so a call must make the context
 * before invoking it. False only when the source proves it cannot: fewer than two declared parameters, no rest or
 * default parameter (which `length` does not count), and no `arguments` anywhere. Anything the scan cannot read (a
 * bound or native function, a computed or quoted name, a string or comment in the parameter list) counts as true.
 */
export function takesContext(handler: AnyFunction): boolean {
  let takes = found.get(handler);
  if (takes === undefined) found.set(handler, (takes = canSeeSecond(handler)));
  return takes;
}

function canSeeSecond(handler: AnyFunction): boolean {
  if (handler.length >= 2) return true;
  let source: string;
  try {
    source = Function.prototype.toString.call(handler);
  } catch {
    return true;
  }
  // A bound or native function shows no source: what it passes on is unknown.
  if (/\barguments\b|\[native code\]/.test(source)) return true;
  const list = parameterList(source);
  return list === undefined || list.includes("=") || list.includes("...");
}

// The text of a function's parameter list, or undefined where the scan is not sure where it starts or ends.
function parameterList(source: string): string | undefined {
  // `x => ...` and `async x => ...`: one parameter, no parentheses.
  const bare = /^(?:async\s+)?[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*\s*=>/u.exec(source);
  if (bare !== null) return "";
  const open = source.indexOf("(");
  if (open < 0) return undefined;
  // Before the list: a name, `function`, `async`, `*`; a computed or quoted name could hold a parenthesis.
  if (/[[\]"'`/=]/.test(source.slice(0, open))) return undefined;
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    const char = source[at]!;
    if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") {
      depth--;
      if (depth === 0) return source.slice(open + 1, at);
    } else if (char === '"' || char === "'" || char === "`" || char === "/") return undefined;
  }
  return undefined;
}
