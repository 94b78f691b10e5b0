/** Where an agent class was defined: its name and the file its constructor runs from, when a stack trace tells. */
export interface ClassOrigin {
  readonly name: string;
  /** The defining file (a path or URL without its `?query`/`#hash`); undefined when no stack frame names it. */
  readonly file: string | undefined;
}

const FRAME = /^\s*at new (\S+) \((.+):\d+:\d+\)$/;
// A stack trace costs tens of microseconds: read it once per class, even when an app makes an agent per request and
// the registry forgets the name between them.
const origins = new WeakMap<object, ClassOrigin>();

/**
 * Returns where `ctor` was defined, read from the stack while one of its instances is being constructed (call it from
 * inside the constructor chain). V8 gives every constructor in the chain a frame, its implicit ones included, located
 * where the class is written, so the frame named after the class carries its module's file.
 */
export function classOriginOf(ctor: { readonly name: string }): ClassOrigin {
  const cached = origins.get(ctor);
  if (cached) return cached;
  const limit = Error.stackTraceLimit;
  // A deep chain of subclasses must not push the class's own frame past the default limit of 10.
  Error.stackTraceLimit = 50;
  let stack: string | undefined;
  try {
    stack = new Error().stack;
  } finally {
    Error.stackTraceLimit = limit;
  }
  let file: string | undefined;
  for (const line of stack?.split("\n") ?? []) {
    const match = FRAME.exec(line);
    if (match && ctor.name !== "" && match[1] === ctor.name) {
      // `import("./agent.ts?v=2")` and hot-reload cache busters load one file under another URL.
      file = match[2]!.replace(/[?#].*$/, "");
      break;
    }
  }
  const origin = { name: ctor.name, file };
  origins.set(ctor, origin);
  return origin;
}

/**
 * Returns true when `next` is `previous` evaluated again (a hot reload, `jest.isolateModules`, a cache-busting
 * `import()`): a class of the same name from the same file, or, where no stack tells the file, the same source text.
 * Two different classes claiming one agent name never pass: they differ in name, in file, or in source.
 */
export function isSameClassAgain(
  previous: { readonly owner: object; readonly origin: ClassOrigin },
  next: { readonly owner: object; readonly origin: ClassOrigin },
): boolean {
  const [a, b] = [previous.origin, next.origin];
  if (a.name === "" || a.name !== b.name) return false;
  if (a.file !== undefined && b.file !== undefined) return a.file === b.file;
  return Function.prototype.toString.call(previous.owner) === Function.prototype.toString.call(next.owner);
}

/** Names a class for a message: `class NotesAgent (tests/a.test.ts)`, the file relative to the working directory. */
export function describeClassOrigin(origin: ClassOrigin): string {
  if (origin.file === undefined) return `class ${origin.name || "(anonymous)"}`;
  const cwd = typeof process === "object" ? `${process.cwd()}/` : "";
  const file = origin.file.replace(/^file:\/\//, "");
  return `class ${origin.name || "(anonymous)"} (${cwd && file.startsWith(cwd) ? file.slice(cwd.length) : file})`;
}
