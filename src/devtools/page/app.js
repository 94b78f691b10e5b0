// The playground's page: agents and tools on the left, the selected tool (its form, its result, its provider
// forms) in the middle, approvals, progress, tasks, the chosen call's spans and the event log on the right. Data comes from the server's API;
// the event stream brings the log, tells when something changed, and when the module was reloaded.
import { renderActivity, noteProgress } from "./activity.js";
import { get, post } from "./api.js";
import { h, json } from "./dom.js";
import { renderForms } from "./forms-view.js";
import { appendLog } from "./log-view.js";
import { renderResult } from "./result-view.js";
import { buildObjectForm } from "./schema-form.js";
import { showCallSpans, showSpans, showTracing, spansChanged } from "./span-view.js";

/** @type {any} */
let state;
/** @type {{ agent: string, tool: string } | undefined} */
let selected;
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {any} answer @param {string} [agent] the agent of the page's own call */
function showResult(answer, agent) {
  const box = document.getElementById("results");
  if (box) box.prepend(renderResult(answer));
  showCallSpans(answer.result?.callId, agent);
}

function renderAgents() {
  const nav = $("agents");
  nav.replaceChildren(
    ...state.agents.map((/** @type {any} */ agent) =>
      h(
        "section",
        { className: "agent" },
        h("h2", {}, agent.name),
        h(
          "ul",
          {},
          ...agent.tools.map((/** @type {any} */ tool) =>
            h(
              "li",
              {},
              h(
                "button",
                {
                  className: selected?.agent === agent.name && selected.tool === tool.name ? "tool selected" : "tool",
                  "data-agent": agent.name,
                  "data-tool": tool.name,
                  onclick: () => select(agent.name, tool.name),
                },
                tool.name,
              ),
            ),
          ),
        ),
      ),
    ),
    h(
      "section",
      {},
      h("h2", {}, "Who sees which tool"),
      h(
        "table",
        { className: "access" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}, "tool"), ...state.agents.map((/** @type {any} */ a) => h("th", {}, a.name))),
        ),
        h(
          "tbody",
          {},
          ...state.access.map((/** @type {any} */ row) =>
            h(
              "tr",
              {},
              h("td", {}, row.tool),
              ...state.agents.map((/** @type {any} */ a) =>
                h(
                  "td",
                  { className: row.agents.includes(a.name) ? "yes" : "no" },
                  row.agents.includes(a.name) ? "✓" : "—",
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** @param {string} agentName @param {string} toolName */
async function select(agentName, toolName) {
  selected = { agent: agentName, tool: toolName };
  renderAgents();
  const tool = state.agents
    .find((/** @type {any} */ a) => a.name === agentName)
    .tools.find((/** @type {any} */ t) => t.name === toolName);
  const form = buildObjectForm(tool.inputSchema);
  const raw = /** @type {HTMLTextAreaElement} */ (
    h("textarea", { className: "raw", rows: 6, hidden: true, "aria-label": "raw JSON arguments" })
  );
  const rawToggle = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "checkbox",
      onchange: () => {
        raw.hidden = !rawToggle.checked;
        form.element.hidden = rawToggle.checked;
        if (rawToggle.checked) raw.value = json(form.read().value);
      },
    })
  );
  // Calls that name a session share its repeat streak and its untrusted-output mark (docs/policy.md).
  const sessionField = /** @type {HTMLInputElement} */ (
    h("input", { type: "text", className: "session", placeholder: "session (optional)", "aria-label": "session" })
  );
  const call = async (/** @type {Event} */ event) => {
    event.preventDefault();
    // Raw JSON goes as text, as a model's arguments do: text that is not JSON gets the model's own error.
    const args = rawToggle.checked ? raw.value : form.read().value;
    const session = sessionField.value.trim() || undefined;
    const answer = await post("api/call", { agent: agentName, tool: toolName, args, session }).catch((e) => ({
      error: e.message,
    }));
    showResult(answer, agentName);
  };
  const flags = Object.entries(tool.flags).filter(([, v]) => v !== undefined && v !== null && v !== false);
  // replaceChildren would print a null as text: leave the absent parts out.
  const parts = [
    h("h2", {}, tool.name, h("small", {}, ` on ${agentName}`)),
    h("p", { className: "description" }, tool.description),
    flags.length
      ? h(
          "p",
          { className: "flags" },
          ...flags.map(([k, v]) => h("code", {}, v === true ? k : `${k}: ${JSON.stringify(v)}`)),
        )
      : null,
    h(
      "form",
      { id: "call-form", novalidate: true, onsubmit: call },
      form.element,
      raw,
      h(
        "div",
        { className: "buttons" },
        h("button", { type: "submit", id: "call" }, "Call"),
        h("label", { className: "inline" }, rawToggle, " raw JSON"),
        sessionField,
      ),
    ),
    h("div", { id: "results" }),
    h("h3", {}, "As each provider receives it"),
    h("div", { id: "forms" }, "loading…"),
  ];
  $("tool").replaceChildren(...parts.filter((part) => part !== null));
  const { forms } = await get(`api/forms?agent=${encodeURIComponent(agentName)}&tool=${encodeURIComponent(toolName)}`);
  $("forms").replaceChildren(renderForms(forms));
}

let refreshing = false;
let again = false;
// One refresh at a time; a change that comes during one asks for another after it, so the last state is shown.
async function refreshActivity() {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = true;
  try {
    do {
      again = false;
      renderActivity(await get("api/activity"), showResult);
    } while (again);
  } finally {
    refreshing = false;
  }
}

function listen() {
  let generation;
  let lastSeq = 0;
  const events = new EventSource("events");
  events.addEventListener("hello", (message) => {
    const next = JSON.parse(message.data).generation;
    // A new generation is a new load of the module (its sources changed): start again from its state.
    if (generation !== undefined && next !== generation) location.reload();
    generation = next;
    $("connection").textContent = "connected";
    $("connection").className = "badge ok";
  });
  events.addEventListener("log", (message) => {
    const entry = JSON.parse(message.data);
    // A reconnection to the same load sends the backlog again.
    if (entry.seq <= lastSeq) return;
    lastSeq = entry.seq;
    if (entry.event === "progress") noteProgress(entry);
    appendLog(/** @type {HTMLElement} */ ($("log").querySelector("tbody")), entry, showSpans);
  });
  events.addEventListener("spans", (message) => spansChanged(JSON.parse(message.data)));
  events.addEventListener("activity", () => void refreshActivity());
  events.onerror = () => {
    $("connection").textContent = "reconnecting";
    $("connection").className = "badge bad";
  };
}

async function start() {
  const [first, spans] = await Promise.all([get("api/state"), get("api/spans")]);
  state = first;
  showTracing(spans.tracing);
  $("module").textContent = state.module;
  renderAgents();
  listen();
  const agent = state.agents.find((/** @type {any} */ a) => a.tools.length > 0);
  // Both at once: the first tool's provider forms are the slowest answer, and nothing else waits on them.
  await Promise.all([refreshActivity(), agent ? select(agent.name, agent.tools[0].name) : undefined]);
  document.body.dataset.ready = "true";
}

void start();
