/**
 * The entry of the YAML decoding worker thread (see yaml-decode-thread.ts): each message is one text to convert
 * with {@link yamlToJSON}; the answer carries the value as JSON text and the strict errors, or the error's name and
 * message, under the request's id. Conversions run one after another, in the order they were asked for.
 *
 * JSON text, not the value: receiving a structured clone of a large value is one uninterrupted step on the event
 * loop (hundreds of milliseconds for 100,000+ keys), while the text is parsed there in time slices.
 */
import { parentPort } from 'node:worker_threads';
import type { YAMLDecodeAnswer, YAMLDecodeRequest } from './yaml-decode-messages.js';
import { yamlToJSON } from './yaml-to-json.js';

/** The value as JSON text, or undefined when the text would change it: JSON writes `-0` as `0`. */
function jsonText(value: unknown): string | undefined {
  let negativeZero = false;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (v === 0 && Object.is(v, -0)) negativeZero = true;
    return v;
  });
  return negativeZero ? undefined : json;
}

function answer(request: YAMLDecodeRequest): YAMLDecodeAnswer {
  try {
    const { value, strictErrors } = yamlToJSON(request.text, request.max);
    const json = jsonText(value);
    return json === undefined ? { id: request.id, value, strictErrors } : { id: request.id, json, strictErrors };
  } catch (err) {
    const { name, message } = err instanceof Error ? err : new Error(String(err));
    return { id: request.id, error: { name, message } };
  }
}

// The `yaml` library's parser reads `process.env.LOG_TOKENS` at every token: node's environment object answers
// through a native interceptor (about 0.25 µs a read), a plain copy at once. This thread's copy is its own.
process.env = { ...process.env };

parentPort?.on('message', (request: YAMLDecodeRequest) => parentPort?.postMessage(answer(request)));
