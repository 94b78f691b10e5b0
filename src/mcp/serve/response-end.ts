/**
 * Returns `response` with `done` called once when its body has been read to its end, has failed, or has been
 * cancelled (the client hung up), or at once for a response without a body. This is how the fetch handler holds an
 * in-flight share, a session's "request in progress" or a one-request server until its answer is out, on every
 * runtime: none of them tells a `fetch` handler when the response closed, but all of them read or cancel its body.
 */
export function onResponseEnd(response: Response, done: () => void): Response {
  if (response.body === null) {
    done();
    return response;
  }
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    done();
  };
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (!finished) return controller.enqueue(value);
        end();
        controller.close();
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
