/** What is remembered of a decided approval: its id and the model's tool call it was for. */
export interface DecidedApproval {
  readonly id: string;
  readonly toolName: string;
  readonly callId: string;
}

const DEFAULT_KEPT = 1_000;

/**
 * The approvals an in-memory keeper decided lately (at most `kept`, the oldest forgotten first): a replayed framework
 * approval, or a second decision on an id, is told the approval was used instead of being asked again.
 */
export class DecidedCalls {
  readonly #byId = new Map<string, { readonly callKey: string; readonly status: string }>();
  readonly #byCall = new Set<string>();
  readonly #kept: number;

  /** Creates an empty memory of `kept` decisions. */
  constructor(kept = DEFAULT_KEPT) {
    this.#kept = kept;
  }

  /** Remembers that `approval` was decided (`approved` or `rejected`). */
  add(approval: DecidedApproval, status: "approved" | "rejected"): void {
    if (this.#byId.size >= this.#kept) {
      const oldest = this.#byId.entries().next();
      if (!oldest.done) {
        this.#byId.delete(oldest.value[0]);
        this.#byCall.delete(oldest.value[1].callKey);
      }
    }
    const callKey = keyOf(approval.toolName, approval.callId);
    this.#byId.set(approval.id, { callKey, status });
    this.#byCall.add(callKey);
  }

  /** Tells whether a call of `toolName` with `callId` was decided lately. */
  has(toolName: string, callId: string): boolean {
    return this.#byCall.has(keyOf(toolName, callId));
  }

  /** Says why approval `id` cannot be decided again, or undefined when it is not one decided lately. */
  reasonFor(id: string): string | undefined {
    const status = this.#byId.get(id)?.status;
    if (status === undefined) return undefined;
    return `it was already ${status} (an approval is single use)`;
  }
}

// JSON keeps a tool name and a call id apart whatever characters the id holds.
function keyOf(toolName: string, callId: string): string {
  return JSON.stringify([toolName, callId]);
}
