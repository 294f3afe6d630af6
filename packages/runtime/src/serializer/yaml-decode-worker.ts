/**
 * The entry of the YAML decoding worker thread (see yaml-decode-thread.ts): each message is one text to convert
 * with {@link yamlToJSON}; the answer carries the JSON value and the strict errors, or the error's name and
 * message, under the request's id. Conversions run one after another, in the order they were asked for.
 */
import { parentPort } from 'node:worker_threads';
import type { YAMLDecodeAnswer, YAMLDecodeRequest } from './yaml-decode-messages.js';
import { yamlToJSON } from './yaml-to-json.js';

function answer(request: YAMLDecodeRequest): YAMLDecodeAnswer {
  try {
    const { value, strictErrors } = yamlToJSON(request.text, request.max);
    return { id: request.id, value, strictErrors };
  } catch (err) {
    const { name, message } = err instanceof Error ? err : new Error(String(err));
    return { id: request.id, error: { name, message } };
  }
}

// The `yaml` library's parser reads `process.env.LOG_TOKENS` at every token: node's environment object answers
// through a native interceptor (about 0.25 µs a read), a plain copy at once. This thread's copy is its own.
process.env = { ...process.env };

parentPort?.on('message', (request: YAMLDecodeRequest) => parentPort?.postMessage(answer(request)));
