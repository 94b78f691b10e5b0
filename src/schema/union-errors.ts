import type { ErrorObject } from "ajv/dist/2020.js";

type Branch = Readonly<Record<string, unknown>>;

/**
 * Keeps, of every failed `anyOf` / `oneOf`, only the errors of the branch the value was meant for, so the model reads
 * one branch's complaint instead of every branch's and a "must match a schema in anyOf" besides. A discriminated
 * union (each branch an object whose key holds a `const` or a single-value `enum`, the values distinct) picks the
 * branch the value's key names; when the key names none, the one error left says which values it may have. Any
 * other union picks the closest branch: one whose type fits the value, with the fewest errors.
 * Needs ajv's `verbose` errors (the failing schema and data on each).
 */
export function narrowUnionErrors(errors: readonly ErrorObject[]): readonly ErrorObject[] {
  // Most rejected calls fail no union: nothing to narrow, and no copy, filter, sort or callback made to find that out.
  if (!failsUnion(errors)) return errors;
  try {
    return narrow(errors);
  } catch {
    // A value the model sent that cannot be read or compared (a throwing getter, a cycle, a bigint): every branch's
    // errors are still true, only longer.
    return errors;
  }
}

function narrow(errors: readonly ErrorObject[]): readonly ErrorObject[] {
  let kept = [...errors];
  // Outer unions first: narrowing one drops the inner unions of the branches it leaves out.
  const unions = errors.filter(isUnion).sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (!kept.includes(union)) continue;
    const prefix = `${union.schemaPath}/`;
    const branches = union.schema as readonly unknown[];
    const byBranch = new Map<number, ErrorObject[]>();
    for (const error of kept) {
      if (!error.schemaPath.startsWith(prefix)) continue;
      const index = Number(error.schemaPath.slice(prefix.length).split("/")[0]);
      byBranch.set(index, [...(byBranch.get(index) ?? []), error]);
    }
    // oneOf failing because two branches matched has no branch errors: its own message is the right one.
    if (byBranch.size === 0) continue;
    const chosen = discriminated(union, branches) ?? closest(union, byBranch, branches.length);
    const replacement = Array.isArray(chosen) ? chosen : byBranch.get(chosen);
    // A branch behind a `$ref` reports its errors at the definition's path, not the branch's: nothing to narrow to.
    if (!replacement || replacement.length === 0) continue;
    const inUnion = (error: ErrorObject) => error === union || error.schemaPath.startsWith(prefix);
    kept = [...kept.filter((error) => !inUnion(error)), ...replacement];
  }
  return kept.length > 0 ? kept : errors;
}

function failsUnion(errors: readonly ErrorObject[]): boolean {
  for (let i = 0; i < errors.length; i++) if (isUnion(errors[i]!)) return true;
  return false;
}

function isUnion(error: ErrorObject): boolean {
  return (error.keyword === "anyOf" || error.keyword === "oneOf") && Array.isArray(error.schema);
}

// The branch index the discriminator names, an error listing the discriminator's values when it names none, or
// undefined when the union is not discriminated.
function discriminated(union: ErrorObject, branches: readonly unknown[]): number | ErrorObject[] | undefined {
  const data = union.data as unknown;
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  for (const key of Object.keys(propertiesOf(branches[0]) ?? {})) {
    const values = branches
      .map((branch) => tagOf(propertiesOf(branch)?.[key]))
      .filter((tag): tag is { value: unknown } => tag !== undefined);
    if (values.length !== branches.length) continue;
    const texts = values.map((value) => JSON.stringify(value.value));
    if (new Set(texts).size !== texts.length) continue;
    if (!Object.hasOwn(data, key)) return undefined; // no discriminator sent: the closest branch says it is required
    const index = texts.indexOf(JSON.stringify((data as Record<string, unknown>)[key]));
    if (index >= 0) return index;
    const allowed = values.map((value) => value.value);
    return [
      {
        keyword: "enum",
        instancePath: `${union.instancePath}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`,
        schemaPath: `${union.schemaPath}/discriminator`,
        params: { allowedValues: allowed },
        message: "must be equal to one of the allowed values",
      },
    ];
  }
  return undefined;
}

function propertiesOf(branch: unknown): Readonly<Record<string, unknown>> | undefined {
  const properties = (branch as Branch | undefined)?.properties;
  return typeof properties === "object" && properties !== null ? (properties as Branch) : undefined;
}

function tagOf(schema: unknown): { value: unknown } | undefined {
  const s = schema as Branch | undefined;
  if (s === undefined || typeof s !== "object") return undefined;
  if (Object.hasOwn(s, "const")) return { value: s.const };
  if (Array.isArray(s.enum) && s.enum.length === 1) return { value: s.enum[0] };
  return undefined;
}

// A branch whose type does not fit the value at all ranks after every branch that does; then the fewest errors; then
// the first declared.
function closest(union: ErrorObject, byBranch: ReadonlyMap<number, ErrorObject[]>, count: number): number {
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let index = 0; index < count; index++) {
    const errors = byBranch.get(index) ?? [];
    const misfit = errors.some((e) => e.keyword === "type" && e.instancePath === union.instancePath);
    const score = (misfit ? 1_000_000 : 0) + errors.length;
    if (score < bestScore) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}
