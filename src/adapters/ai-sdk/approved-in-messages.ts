/** The parts of a message this check reads; both AI SDK 6 and 7 write approvals in this shape. */
interface MessageLike {
  readonly role: string;
  readonly content: unknown;
}

function partsOf(message: MessageLike): readonly Record<string, unknown>[] {
  return Array.isArray(message.content)
    ? message.content.filter((part): part is Record<string, unknown> => typeof part === "object" && part !== null)
    : [];
}

/**
 * Tells whether the conversation holds a human's approval of this tool call: an assistant's `tool-approval-request`
 * for `toolCallId` answered by a `tool-approval-response` with `approved: true`. The SDK runs an approved call with
 * the messages that carry that answer; a call it runs without asking has none, so the check fails closed.
 */
export function approvedInMessages(messages: readonly MessageLike[] | undefined, toolCallId: string): boolean {
  if (!messages) return false;
  const requested = new Set<unknown>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const part of partsOf(message)) {
      if (part.type === "tool-approval-request" && part.toolCallId === toolCallId) requested.add(part.approvalId);
    }
  }
  return messages.some(
    (message) =>
      message.role === "tool" &&
      partsOf(message).some(
        (part) => part.type === "tool-approval-response" && part.approved === true && requested.has(part.approvalId),
      ),
  );
}
