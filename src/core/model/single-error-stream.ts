// A model stream that fails before any request is made (no key, bad configuration): one `error` event,
// as the ModelProvider contract asks, instead of a throw.
import type { ModelError, ModelStreamEvent } from './events';

export async function* singleErrorStream(error: ModelError): AsyncGenerator<ModelStreamEvent> {
  yield { type: 'error', error };
}
