// The event log: each listener event (before, after, error, progress) with its time and the call's duration.
import { h } from "./dom.js";

const MAX_ROWS = 300;

/**
 * Appends one log entry (newest on top) to the log table's body; clicking the row picks its call.
 * @param {HTMLElement} body
 * @param {any} e
 * @param {(agent: string, callId: string) => void} pick
 */
export function appendLog(body, e, pick) {
  const detail =
    e.event === "progress"
      ? `${e.progress.progress}${e.progress.total === undefined ? "" : `/${e.progress.total}`}${e.progress.message ? ` ${e.progress.message}` : ""}`
      : [
          e.outcome,
          e.durationMs === undefined ? "" : `${e.durationMs} ms`,
          e.attempts === undefined ? "" : `${e.attempts} attempts`,
          e.taskId ? `task ${e.taskId}` : "",
          e.session ? `session ${e.session}` : "",
          e.untrusted ? "untrusted output (enveloped)" : "",
          e.cached ? "cache hit" : "",
          e.repeat === "nudged" ? "repeat guard: note" : e.repeat === "refused" ? "repeat guard: refused" : "",
        ]
          .filter(Boolean)
          .join(" · ");
  body.prepend(
    h(
      "tr",
      {
        className: `ev-${e.event}`,
        "data-call": e.callId,
        title: "show this call's spans",
        onclick: () => pick(e.agent, e.callId),
      },
      h("td", {}, String(e.at)),
      h("td", {}, e.agent),
      h("td", {}, e.event),
      h("td", {}, e.tool),
      h("td", {}, e.callId),
      h("td", {}, detail),
    ),
  );
  while (body.rows.length > MAX_ROWS) body.lastElementChild?.remove();
}
