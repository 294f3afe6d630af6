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

parentPort?.on('message', (request: YAMLDecodeRequest) => parentPort?.postMessage(answer(request)));
