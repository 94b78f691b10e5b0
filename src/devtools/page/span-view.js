// The call's span tree (api/spans): each span with its duration, status, the attributes worth reading and a bar
// on the call's timeline; or, when OpenTelemetry is off, why and how to turn it on. The pane shows the page's latest
// call, or the one picked in the event log, and draws it again when the server says its spans changed.
import { get } from "./api.js";
import { h } from "./dom.js";

/** The call whose spans are shown. @type {{ agent: string, callId: string } | undefined} */
let shown;
let requests = 0;

/** @param {unknown} value */
const text = (value) => (Array.isArray(value) ? `[${value.join(", ")}]` : String(value));

/** @param {number} ms */
const duration = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms} ms`);

/**
 * The events of a span, one line per name: a streaming tool's progress is a dozen events, read as one.
 * @param {any[]} events
 */
function eventLines(events) {
  /** @type {Map<string, any[]>} */
  const byName = new Map();
  for (const event of events) byName.set(event.name, [...(byName.get(event.name) ?? []), event]);
  return [...byName].map(([name, list]) => {
    const last = list[list.length - 1];
    const detail = Object.entries(last.attributes)
      .map(([k, v]) => `${k.replace(/^toolwright\.progress\.?/, "") || "progress"}=${text(v)}`)
      .join(" ");
    return h("div", { className: "span-event" }, `${name} ×${list.length}`, detail ? ` · last: ${detail}` : "");
  });
}

/**
 * @param {any} node
 * @param {number} total the call's length in ms
 * @returns {HTMLElement}
 */
function spanNode(node, total) {
  const mark = h("i");
  const span = node.durationMs ?? Math.max(0, total - node.offsetMs);
  // Through the CSSOM: the page's Content-Security-Policy refuses style attributes, not style properties.
  mark.style.left = `${total > 0 ? (node.offsetMs / total) * 100 : 0}%`;
  mark.style.width = `${total > 0 ? Math.max(0.5, (span / total) * 100) : 100}%`;
  return h(
    "li",
    { className: `span ${node.status}`, "data-span": node.name },
    h(
      "div",
      { className: "span-head" },
      h("span", { className: "span-name" }, node.name),
      h("span", { className: "span-duration" }, node.durationMs === undefined ? "running" : duration(node.durationMs)),
      node.status === "unset"
        ? null
        : h("span", { className: `badge ${node.status === "error" ? "bad" : "ok"}` }, node.status.toUpperCase()),
      node.phase ? h("span", { className: "badge info" }, node.phase) : null,
    ),
    h("div", { className: "span-bar" }, mark),
    node.approvalWaitMs === undefined
      ? null
      : h("div", { className: "span-note" }, `waited ${duration(node.approvalWaitMs)} for approval`),
    node.statusMessage ? h("div", { className: "span-note bad" }, node.statusMessage) : null,
    node.attributes.length
      ? h(
          "div",
          { className: "span-attrs" },
          ...node.attributes.map((/** @type {[string, unknown]} */ [k, v]) => h("code", {}, `${k} = ${text(v)}`)),
        )
      : null,
    ...eventLines(node.events),
    node.children.length
      ? h("ul", {}, ...node.children.map((/** @type {any} */ child) => spanNode(child, total)))
      : null,
  );
}

/**
 * What the page says when no spans are collected: the reason, and the lines that turn tracing on.
 * @param {any} tracing
 */
function renderTracingOff(tracing) {
  return h(
    "div",
    { className: "tracing-off", "data-reason": tracing.reason },
    h("p", {}, tracing.message),
    h("p", { className: "hint" }, "To see each call's spans here:"),
    h("pre", {}, tracing.howTo),
  );
}

/**
 * Renders one call's answer of `api/spans?agent=…&callId=…`.
 * @param {any} answer
 */
function renderSpans(answer) {
  if (!answer.tracing.on) return renderTracingOff(answer.tracing);
  const { call, tree } = answer;
  const facts = [
    call.outcome,
    call.attempts === undefined ? "" : `${call.attempts} attempt${call.attempts === 1 ? "" : "s"}`,
    call.maxRetries === undefined ? "" : `retries ${call.maxRetries}`,
    call.timeoutMs === undefined
      ? ""
      : `time limit ${duration(call.timeoutMs)}${call.onTimeout === "background" ? " then background" : ""}`,
  ].filter(Boolean);
  return h(
    "div",
    { className: "span-call", "data-call": call.callId },
    h(
      "div",
      { className: "span-facts" },
      h("code", {}, `${call.agent} · ${call.tool ?? "?"} · ${call.callId}`),
      ...facts.map((fact) => h("span", { className: "badge" }, fact)),
    ),
    tree.roots.length
      ? h(
          "ul",
          { className: "span-tree" },
          ...tree.roots.map((/** @type {any} */ node) => spanNode(node, tree.totalMs)),
        )
      : h("p", { className: "hint" }, "No spans for this call (yet): the app's sampler may have left it out."),
    answer.dropped ? h("p", { className: "hint" }, `${answer.dropped} more spans were not kept.`) : null,
  );
}

const pane = () => /** @type {HTMLElement} */ (document.getElementById("spans"));

/**
 * Fills the pane before any call: a hint when spans are collected, else why not and how to turn them on.
 * @param {any} tracing
 */
export function showTracing(tracing) {
  pane().replaceChildren(
    tracing.on
      ? h("p", { className: "hint" }, "Run a call, or pick one in the event log, to see its spans.")
      : renderTracingOff(tracing),
  );
}

/**
 * Shows the spans of one call.
 * @param {string} agent @param {string} callId
 */
export async function showSpans(agent, callId) {
  shown = { agent, callId };
  // Answers may cross: only the latest request draws.
  const mine = ++requests;
  const answer = await get(`api/spans?agent=${encodeURIComponent(agent)}&callId=${encodeURIComponent(callId)}`);
  if (mine === requests) pane().replaceChildren(renderSpans(answer));
}

/**
 * Shows the spans of a call whose result the page just got: its own call (`agent` given), or an approved or
 * background run of the call shown, whose agent is the shown one's.
 * @param {string | undefined} callId @param {string} [agent]
 */
export function showCallSpans(callId, agent) {
  const of = agent ?? shown?.agent;
  if (callId && of) void showSpans(of, callId);
}

/**
 * Draws the shown call again when the server says its spans changed.
 * @param {{ agent: string, callId: string }[]} calls
 */
export function spansChanged(calls) {
  const now = shown;
  if (now && calls.some((c) => c.agent === now.agent && c.callId === now.callId)) void showSpans(now.agent, now.callId);
}
