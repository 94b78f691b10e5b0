// The execution runtime in one agent: a slow call handed to the background, an approval round, a retry, and a batch
// of serial and parallel calls. Every wait is a short real timer, so the whole demo takes well under a second.
import { BaseAgent, type ToolCallContext, ToolRegistry, p, tool } from "toolwright";
import { heading, showCall, step } from "./demo-story.js";

/** Waits `ms`, or rejects with the call's abort reason as soon as its signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A release agent whose tools show each part of the runtime. */
export class ReleaseAgent extends BaseAgent {
  static override agentName = "release_agent";

  /** What the batch tools did, in order, to show which calls overlapped. */
  readonly timeline: string[] = [];
  #flakyFailures = 2;

  @tool({
    description: "Build the release notes (slow: goes on in the background after 100 ms)",
    params: { version: p.string() },
    timeoutMs: 100,
    onTimeout: "background",
  })
  async releaseNotes({ version }: { version: string }, { signal }: ToolCallContext) {
    await sleep(250, signal);
    return `Release notes for ${version}: 12 fixes, 3 features`;
  }

  @tool({ description: "Delete a git branch", params: { branch: p.string() }, requiresApproval: true })
  deleteBranch({ branch }: { branch: string }) {
    return `deleted branch ${branch}`;
  }

  @tool({ description: "Fetch the CI status (the CI API fails twice, then answers)", maxRetries: 2 })
  ciStatus() {
    if (this.#flakyFailures-- > 0) throw new Error("CI API returned 503");
    return { pipeline: "green" };
  }

  @tool({ description: "Read a file", params: { path: p.string() }, readOnly: true })
  async readFile({ path }: { path: string }, { signal }: ToolCallContext) {
    this.timeline.push(`read ${path} start`);
    await sleep(30, signal);
    this.timeline.push(`read ${path} end`);
    return `contents of ${path}`;
  }

  @tool({ description: "Write a file", params: { path: p.string(), text: p.string() } })
  async writeFile({ path, text }: { path: string; text: string }, { signal }: ToolCallContext) {
    this.timeline.push(`write ${path} start`);
    await sleep(20, signal);
    this.timeline.push(`write ${path} end`);
    return `wrote ${text.length} bytes to ${path}`;
  }
}

/** Runs the runtime tour and prints what happens, one concise line (or two) per step. */
export async function runtimeDemo(): Promise<void> {
  const agent = new ReleaseAgent({ registry: new ToolRegistry(), retryBackoffMs: 10, exposeTaskStatusTool: true });

  heading("A slow call handed to the background at its time limit");
  const handedOff = await agent.callTool("releaseNotes", { version: "2.1.0" });
  showCall("releaseNotes", { version: "2.1.0" }, handedOff, `task ${handedOff.taskId}`);
  const status = await agent.callTool("task_status", { taskId: handedOff.taskId });
  showCall("task_status", { taskId: handedOff.taskId }, status, "right away");
  step("tasks.wait(taskId), once the call is done:");
  showCall("releaseNotes", { version: "2.1.0" }, await agent.tasks.wait(handedOff.taskId!));

  heading("An approval round");
  const pending = await agent.callTool("deleteBranch", { branch: "old-feature" });
  showCall("deleteBranch", { branch: "old-feature" }, pending, `approval ${pending.approvalId}`);
  step(`approvals.pending() -> ${agent.approvals.pending().map((entry) => JSON.stringify(entry.args))}`);
  step("approvals.approve(id):");
  showCall("deleteBranch", { branch: "old-feature" }, await agent.approvals.approve(pending.approvalId!));
  const reused = await agent.approvals.approve(pending.approvalId!).then(
    () => "ran twice (a bug)",
    (error: Error) => `${error.name}: an approval is single use`,
  );
  step(`approvals.approve(id) again -> ${reused}`);
  const risky = await agent.callTool("deleteBranch", { branch: "main" });
  step('approvals.reject(id, "main is protected"):');
  showCall("deleteBranch", { branch: "main" }, await agent.approvals.reject(risky.approvalId!, "main is protected"));

  heading("A flaky tool retried");
  const retried = await agent.callTool("ciStatus", {});
  showCall("ciStatus", {}, retried, `${retried.attempts} attempts`);

  heading("One turn's calls: reads together, the write alone and in its place");
  const calls = [
    { id: "call_1", name: "readFile", arguments: { path: "CHANGELOG.md" } },
    { id: "call_2", name: "readFile", arguments: { path: "package.json" } },
    { id: "call_3", name: "writeFile", arguments: { path: "CHANGELOG.md", text: "## 2.1.0" } },
    { id: "call_4", name: "readFile", arguments: { path: "CHANGELOG.md" } },
  ];
  const results = await agent.runToolCalls(calls);
  results.forEach((result, index) => showCall(result.toolName, calls[index]!.arguments, result, result.callId));
  step(`timeline: ${agent.timeline.join(" | ")}`);
}
