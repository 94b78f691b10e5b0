import type { StoreKind, TransitionGuard } from "./runtime-store.js";
import { StoreTransitionError } from "./store-error.js";

/** One status change a keeper may make to a record: from which statuses, to which, by whom, writing what. */
export interface Transition {
  /** The statuses the record must be in; the store's compare-and-set checks it. */
  readonly from: readonly string[];
  /** The status (or statuses) the record is in after the write. */
  readonly to: readonly string[];
  /** Who makes it. */
  readonly by: string;
  /** The fields it writes (`?`: when there is one), and what else its guard requires. */
  readonly writes: string;
}

/**
 * Every status change of the records a store keeps, per kind: the one place that says which status may move to
 * which, who moves it and what it writes. Each keeper's write takes its guard from here ({@link guardOf}), and each
 * backend enforces it in one compare-and-set; docs/architecture.md shows these tables, tested to agree with them.
 * A result cache's records (kind `"cache"`) and grants (kind `"grant"`) are written whole and never change status
 * (a grant is revoked by deleting it), and a session's record (kind `"session"`) only counts (each write a
 * compare-and-set on the version it read), so they have no table.
 */
export const TRANSITIONS = {
  approval: {
    request: { from: [], to: ["pending"], by: "the requesting replica", writes: "the call, its hash and binding" },
    approve: {
      from: ["pending"],
      to: ["approved"],
      by: "any replica with the tool",
      writes: "runner, lease, edit?; requires the fields it checked unchanged",
    },
    reject: { from: ["pending"], to: ["rejected"], by: "any replica", writes: "result? (a mismatch's)" },
    renew: { from: ["approved"], to: ["approved"], by: "the runner", writes: "lease; requires runner = itself" },
    takeOver: {
      from: ["approved"],
      to: ["approved"],
      by: "any replica with the tool",
      writes: "runner, lease; requires the lease out by the store's clock",
    },
    finish: { from: ["approved"], to: ["done"], by: "the runner", writes: "result; requires runner = itself" },
    refuse: { from: ["approved", "rejected"], to: ["rejected"], by: "the decider or taker", writes: "result" },
  },
  task: {
    start: { from: [], to: ["running"], by: "the replica that runs it", writes: "the call, owner, lease, binding" },
    renew: { from: ["running"], to: ["running"], by: "the owner", writes: "lease, progress?; requires owner = itself" },
    cancel: { from: ["running"], to: ["running"], by: "any replica", writes: "cancelRequested (the owner stops it)" },
    takeOver: {
      from: ["running"],
      to: ["running"],
      by: "any replica with the tool",
      writes: "owner, lease; requires the lease out by the store's clock",
    },
    finish: {
      from: ["running"],
      to: ["succeeded", "failed", "cancelled"],
      by: "the owner",
      writes: "result (capped), finishedAt; requires owner = itself",
    },
    markLost: {
      from: ["running"],
      to: ["lost"],
      by: "a reader or sweeper without the tool",
      writes: "result (TASK_LOST), finishedAt; requires the lease out by the store's clock",
    },
  },
} as const satisfies Record<Exclude<StoreKind, "cache" | "grant" | "session">, Record<string, Transition>>;

/** The kinds of record with a transition table. */
export type TransitionKind = keyof typeof TRANSITIONS;

/** Returns the guard of a transition from {@link TRANSITIONS}, with what else its write requires (`extra`). */
export function guardOf<K extends TransitionKind>(
  kind: K,
  name: keyof (typeof TRANSITIONS)[K],
  extra: Omit<TransitionGuard, "from"> = {},
): TransitionGuard {
  const transition = TRANSITIONS[kind][name] as Transition;
  return { from: transition.from, ...extra };
}

// kind → from → the statuses it may move to, from the tables above: what every backend's compare-and-set allows.
const MOVES = new Map(
  Object.entries(TRANSITIONS).map(([kind, table]) => {
    const moves = new Map<string, Set<string>>();
    for (const { from, to } of Object.values(table as Record<string, Transition>)) {
      for (const status of from) {
        const targets = moves.get(status) ?? new Set<string>();
        for (const target of to) targets.add(target);
        moves.set(status, targets);
      }
    }
    return [kind, moves];
  }),
);

/**
 * Checks a compare-and-set against {@link TRANSITIONS} before a backend runs it: every status the guard lets the
 * record be in must be allowed to move to the status the patch writes (the same status when it writes none), for a
 * kind with a table. So no backend, and no caller of a store, moves a record along a path the table does not have
 * (a decided approval back to `pending`, a finished task back to `running`). Kinds without a table pass.
 * @throws {StoreTransitionError} naming the move and the ones the table allows from that status.
 */
export function checkTransition(
  store: string,
  kind: StoreKind,
  id: string,
  guard: TransitionGuard,
  patch: Readonly<Record<string, unknown>>,
): void {
  const moves = MOVES.get(kind);
  if (moves === undefined) return;
  for (const from of guard.from) {
    const to = patch.status === undefined ? from : String(patch.status);
    const allowed = moves.get(from);
    if (!allowed?.has(to)) throw new StoreTransitionError(store, `${kind} "${id}"`, from, to, [...(allowed ?? [])]);
  }
}

/** Returns the table of one kind's transitions as Markdown, as docs/architecture.md shows it. */
export function transitionTable(kind: TransitionKind): string {
  const rows = Object.entries(TRANSITIONS[kind] as Record<string, Transition>).map(
    ([name, t]) => `| \`${name}\` | ${t.from.join(", ") || "(new)"} | ${t.to.join(", ")} | ${t.by} | ${t.writes} |`,
  );
  return ["| transition | from | to | by | writes |", "|---|---|---|---|---|", ...rows].join("\n");
}
