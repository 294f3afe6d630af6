/**
 * What client-go's REST client makes of a webhook's HTTP answer (`Result.Into` after `transformResponse`): a 2xx JSON
 * object is the decoded review; a Status body is its message; any other non-2xx answer is
 * `NewGenericServerResponse`'s sentence for the status code.
 *
 * @module
 */
import type { WebhookAnswer } from '@apiserver/registry';
import { goQuote, parseJSON as parseGoJSON } from '@apiserver/runtime';
import { isJSONObject } from '../json-value.js';

/** `NewGenericServerResponse`'s message for a status code (no resource named: webhooks have none). */
export function genericServerResponseMessage(code: number, serverMessage: string): string {
  const server = serverMessage === '' ? 'unknown' : serverMessage;
  switch (code) {
    case 400:
      return 'the server rejected our request for an unknown reason';
    case 401:
      return 'the server has asked for the client to provide credentials';
    case 403:
    case 415:
      return serverMessage;
    case 404:
      return 'the server could not find the requested resource';
    case 405:
      return 'the server does not allow this method on the requested resource';
    case 406:
      return server === 'unknown' ? 'the server was unable to respond with a content type that the client supports' : server;
    case 409:
      return 'the server reported a conflict';
    case 422:
      return 'the server rejected our request due to an error in our request';
    case 429:
      return 'the server has received too many requests and has asked us to try again later';
    case 503:
      return 'the server is currently unable to handle the request';
    case 504:
      return 'the server was unable to return a response in the time allotted, but may still be processing the request';
    default:
      if (code >= 500) return `an error on the server (${goQuote(server)}) has prevented the request from succeeding`;
      return `the server responded with the status code ${code} but did not return more information`;
  }
}

/** The answer's JSON value, or Go's message for its syntax error. */
function parseJSON(body: Buffer): { value?: unknown; error?: string } {
  try {
    return { value: parseGoJSON(body.toString('utf8')) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** The review object of a webhook's answer; throws with the REST client's words when there is none. */
export function reviewOfAnswer(answer: WebhookAnswer): Record<string, unknown> {
  const parsed = parseJSON(answer.body);
  const ok = answer.status >= 200 && answer.status <= 206;
  if (!ok) {
    const status = parsed.value;
    if (isJSONObject(status) && status.kind === 'Status' && typeof status.message === 'string' && status.status !== 'Success') throw new Error(status.message);
    const text = answer.contentType.startsWith('text/plain') ? answer.body.toString('utf8').trim() : '';
    throw new Error(genericServerResponseMessage(answer.status, text));
  }
  if (parsed.error !== undefined) throw new Error(`couldn't get version/kind; json parse error: ${parsed.error}`);
  if (!isJSONObject(parsed.value)) throw new Error(`couldn't get version/kind; json parse error: expected a JSON object, got ${answer.body.toString('utf8').slice(0, 100)}`);
  if (typeof parsed.value.kind !== 'string' || parsed.value.kind === '') throw new Error(`Object 'Kind' is missing in '${answer.body.toString('utf8')}'`);
  return parsed.value;
}
