import type { RepeatGuardOptions, ToolFlags } from "../tool/tool.js";
import type { SessionState } from "./session-table.js";

/**
 * The repeat guard of a tool that sets none: a note from the third identical call in a row, refused from the fifth
 * (the thresholds Cline's and several agents' loop detectors use; docs/policy.md).
 */
export const DEFAULT_REPEAT: RepeatGuardOptions = Object.freeze({ nudgeAt: 3, refuseAt: 5 });

/** How many characters of the earlier result the note and the refusal quote. */
export const PREVIEW_CHARS = 200;

/** The tool's repeat guard: its own, the default, or undefined for `repeat: false`. */
export function repeatOf(flags: Pick<ToolFlags, "repeat">): RepeatGuardOptions | undefined {
  const { repeat } = flags;
  return repeat === false ? undefined : (repeat ?? DEFAULT_REPEAT);
}

/** What the guard says of a call: run it, run it with a note, or refuse it. */
export type RepeatVerdict =
  | { readonly kind: "run" }
  | { readonly kind: "nudge"; readonly count: number; readonly preview: string }
  | { readonly kind: "refuse"; readonly count: number; readonly preview: string | undefined };

const RUN: RepeatVerdict = Object.freeze({ kind: "run" });

/**
 * Counts a call of `hash` (the tool and its normalised arguments) with id `callId` in `session`: the streak grows with
 * an identical call and starts again at 1 with any other. A refused call still counts, so a model that keeps repeating
 * stays refused until it changes something. The call the streak counted last, asked about again under its id (a
 * framework asks whether a call needs approval, then runs it: two calls of toolwright's for one of the model's), gets
 * the same verdict and is not counted twice.
 */
export function countCall(
  session: SessionState,
  hash: string,
  guard: RepeatGuardOptions,
  callId: string,
): RepeatVerdict {
  if (session.streakHash !== hash) {
    session.streakHash = hash;
    session.streak = 1;
    session.preview = undefined;
  } else if (session.streakCallId !== callId) {
    session.streak++;
  }
  session.streakCallId = callId;
  const count = session.streak;
  if (count >= guard.refuseAt) return { kind: "refuse", count, preview: session.preview };
  // A note needs something to show: the earlier call's result (which a parallel identical call may not have yet).
  if (count >= guard.nudgeAt && session.preview !== undefined) {
    return { kind: "nudge", count, preview: session.preview };
  }
  return RUN;
}

/** Remembers the start of the result of the streak's call, when the streak is still that call's. */
export function rememberResult(session: SessionState, hash: string, text: string): void {
  if (session.streakHash === hash) session.preview = text.slice(0, PREVIEW_CHARS);
}
