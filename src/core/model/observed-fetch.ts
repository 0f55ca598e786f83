// A fetch that reports every sign of life from the server: the response headers and each body chunk.
// The SDKs swallow keep-alives (Anthropic's `ping` events, OpenRouter's SSE comments) before we see an
// event, so the idle-stream watchdog listens at the byte level instead; a server that is still talking is
// not idle even when the model has not produced a token yet.

/** Statuses whose Response may not carry a body (the Response constructor throws if given one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function observedFetch(onActivity: () => void, base?: typeof fetch): typeof fetch {
  return async (input, init) => {
    // The global fetch is looked up per call: VS Code may patch it after this module loads.
    const response = await (base ?? globalThis.fetch)(input, init);
    onActivity();
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onActivity();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
