// What waits or runs: pending approvals (approve, edit then approve, reject), the page's running calls and the
// background tasks, each with its progress bar and a cancel button.
import { post } from "./api.js";
import { h, json } from "./dom.js";
import { renderResult } from "./result-view.js";

/** Latest progress by call or task, fed by the event stream. @type {Map<string, any>} */
const progress = new Map();
let shownApprovals = "";

/** @param {string} agent @param {string} id */
const callKey = (agent, id) => `${agent}/call/${id}`;
/** @param {string} agent @param {string} id */
const taskKey = (agent, id) => `${agent}/task/${id}`;

/**
 * Records a progress event of the log and moves the bar that shows it.
 * @param {any} e
 */
export function noteProgress(e) {
  const key = e.taskId ? taskKey(e.agent, e.taskId) : callKey(e.agent, e.callId);
  progress.set(key, e.progress);
  if (e.taskId) progress.set(callKey(e.agent, e.callId), e.progress);
  for (const bar of document.querySelectorAll(`[data-progress="${CSS.escape(key)}"]`))
    update(/** @type {HTMLElement} */ (bar), e.progress);
}

/** @param {HTMLElement} box @param {any} p */
function update(box, p) {
  const bar = /** @type {HTMLProgressElement} */ (box.querySelector("progress"));
  if (p?.total !== undefined) {
    bar.max = p.total;
    bar.value = p.progress;
  }
  box.querySelector("span").textContent = p
    ? `${p.progress}${p.total === undefined ? "" : ` / ${p.total}`}${p.message ? ` · ${p.message}` : ""}`
    : "started";
}

/** @param {string} key */
function progressBar(key) {
  const box = h("div", { className: "progress", "data-progress": key }, h("progress", {}), h("span", {}));
  update(box, progress.get(key));
  return box;
}

/**
 * @param {any} approval
 * @param {(answer: any, agent?: string) => void} show
 */
function approvalCard(approval, show) {
  const args = /** @type {HTMLTextAreaElement} */ (
    h("textarea", { rows: 3, "aria-label": "arguments to approve" }, json(approval.args))
  );
  const reason = /** @type {HTMLInputElement} */ (h("input", { placeholder: "reason (the model reads it)" }));
  const decide = async (/** @type {string} */ path, /** @type {any} */ body) =>
    show(await post(path, { agent: approval.agent, id: approval.id, ...body }), approval.agent);
  const approveEdited = () => {
    let edited;
    try {
      edited = JSON.parse(args.value);
    } catch (error) {
      return show({ error: `the edited arguments are not JSON: ${/** @type {Error} */ (error).message}` });
    }
    return decide("api/approve", { args: edited });
  };
  return h(
    "div",
    { className: "card approval", "data-approval": approval.id },
    h("h4", {}, `${approval.agent} · ${approval.toolName}`, h("code", {}, approval.callId)),
    args,
    h(
      "div",
      { className: "buttons" },
      h("button", { onclick: () => decide("api/approve", {}) }, "Approve"),
      h("button", { onclick: approveEdited }, "Approve edited"),
      reason,
      h("button", { className: "danger", onclick: () => decide("api/reject", { reason: reason.value }) }, "Reject"),
    ),
  );
}

/**
 * Renders `api/activity`. Approval cards are rebuilt only when the set of pending ids changes, so an edit in
 * progress survives the refresh that every event brings.
 * @param {any} activity
 * @param {(answer: any, agent?: string) => void} show where an approval's or a task's result goes
 */
export function renderActivity(activity, show) {
  const ids = activity.approvals.map((/** @type {any} */ a) => a.id).join(",");
  if (ids !== shownApprovals) {
    shownApprovals = ids;
    const box = /** @type {HTMLElement} */ (document.getElementById("approvals"));
    box.replaceChildren(
      ...(activity.approvals.length
        ? [h("h3", {}, "Pending approvals"), ...activity.approvals.map((/** @type {any} */ a) => approvalCard(a, show))]
        : []),
    );
  }
  const running = /** @type {HTMLElement} */ (document.getElementById("running"));
  running.replaceChildren(
    ...(activity.running.length ? [h("h3", {}, "Running calls")] : []),
    ...activity.running.map((/** @type {any} */ r) =>
      h(
        "div",
        { className: "card running" },
        h("h4", {}, `${r.agent} · ${r.tool}`, h("code", {}, r.callId)),
        progressBar(callKey(r.agent, r.callId)),
        h(
          "button",
          { className: "danger", onclick: () => post("api/cancel", { agent: r.agent, callId: r.callId }) },
          "Cancel",
        ),
      ),
    ),
  );
  const tasks = /** @type {HTMLElement} */ (document.getElementById("tasks"));
  tasks.replaceChildren(
    ...(activity.tasks.length ? [h("h3", {}, "Background tasks")] : []),
    ...activity.tasks
      .slice()
      .reverse()
      .map((/** @type {any} */ t) =>
        h(
          "div",
          { className: `card task ${t.status}`, "data-task": t.id },
          h("h4", {}, `${t.agent} · ${t.toolName}`, h("span", { className: "badge" }, t.status), h("code", {}, t.id)),
          t.status === "running" ? progressBar(taskKey(t.agent, t.id)) : null,
          t.status === "running"
            ? h(
                "button",
                { className: "danger", onclick: () => post("api/cancel", { agent: t.agent, taskId: t.id }) },
                "Cancel task",
              )
            : null,
          t.result ? renderResult({ result: t.result, model: t.model }) : null,
        ),
      ),
  );
}
