/**
 * One webhook call as client-go's REST client makes it for the plugins: POST the review, and read the answer
 * as `Do().Into()` does: a non-2xx answer is an error (the Status it carries, else client-go's generic wording
 * for the code), a 2xx body must be a JSON object with a kind.
 * @module
 */
import { goQuote, parseJSON } from '@apiserver/runtime';
import type { ServiceResolver } from '../../../webhook/client-config.js';
import { WebhookTransportError } from '../../../webhook/transport-error.js';
import { postWebhook, type WebhookAnswer } from '../../../webhook/webhook-post.js';
import type { WebhookSpec } from './types.js';

/** Default `timeoutSeconds` (the API's default). */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** client-go caps the text of an unstructured error body at this many bytes. */
const MAX_UNSTRUCTURED_TEXT_BYTES = 2048;

const GENERIC_MESSAGES: Readonly<Record<number, string>> = {
  400: 'the server rejected our request for an unknown reason',
  401: 'the server has asked for the client to provide credentials',
  404: 'the server could not find the requested resource',
  405: 'the server does not allow this method on the requested resource',
  406: 'the server was unable to respond with a content type that the client supports',
  409: 'the server reported a conflict',
  415: 'the server was unable to respond with a content type that the client supports',
  422: 'the server rejected our request due to an error in our request',
  429: 'the server has received too many requests and has asked us to try again later',
  503: 'the server is currently unable to handle the request',
  504: 'the server was unable to return a response in the time allotted, but may still be processing the request',
};

function parsedJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** client-go's error for a non-2xx answer (`newUnstructuredResponseError`, or the Status in the body). */
export function unstructuredResponseError(answer: WebhookAnswer): string {
  const mediaType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const text = answer.body.subarray(0, MAX_UNSTRUCTURED_TEXT_BYTES).toString('utf8').trim();
  if (!mediaType.startsWith('text/')) {
    const status = parsedJSON(answer.body.toString('utf8')) as { kind?: unknown; status?: unknown; message?: unknown } | undefined;
    if (status?.kind === 'Status' && status.status === 'Failure' && typeof status.message === 'string') return status.message;
  }
  const serverMessage = mediaType.startsWith('text/') ? text : 'unknown';
  if (answer.status === 403) return serverMessage;
  const known = GENERIC_MESSAGES[answer.status];
  if (known !== undefined) return known;
  if (answer.status >= 500) return `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`;
  return `the server responded with the status code ${answer.status} but did not return more information`;
}

/** The decoded 2xx body, or the reason it is unusable. */
function decodedBody(answer: WebhookAnswer): Record<string, unknown> | string {
  const text = answer.body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = parseJSON(text);
  } catch (err) {
    return `couldn't get version/kind; json parse error: ${(err as Error).message}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || typeof (parsed as { kind?: unknown }).kind !== 'string' || (parsed as { kind: string }).kind === '') {
    return `Object 'Kind' is missing in '${text}'`;
  }
  return parsed as Record<string, unknown>;
}

/** How the plugins reach webhooks. */
export interface CallOptions {
  /** Resolves Service references. */
  readonly resolver?: ServiceResolver | undefined;
  /** The request's signal (the client went away, or the request timed out). */
  readonly signal?: AbortSignal | undefined;
}

/** A failed call: its reason, and the HTTP code of upstream's Status for it. */
class WebhookCallFailure extends Error {
  /** The webhook's answer code outside 2xx; 503 when it was not reached or its body was unusable; 500 without a client. */
  readonly code: number;

  constructor(message: string, code: number) {
    super(message);
    this.name = 'WebhookCallFailure';
    this.code = code;
  }
}

/** The code of a failure {@link callWebhook} rejected with (500 for anything else). */
export function webhookCallFailureCode(err: unknown): number {
  return err instanceof WebhookCallFailure ? err.code : 500;
}

/**
 * Posts `review` to the webhook: resolves the decoded AdmissionReview, or rejects with the reason of the failure
 * (`failed to call webhook: …`, `could not get REST client: …`), which the dispatchers wrap into an ErrCallingWebhook
 * with its code ({@link webhookCallFailureCode}).
 */
export async function callWebhook(hook: WebhookSpec, review: unknown, options: CallOptions): Promise<Record<string, unknown>> {
  const timeoutMillis = (hook.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  let answer: WebhookAnswer;
  try {
    answer = await postWebhook(hook.clientConfig, review, {
      timeoutMillis,
      ...(options.resolver !== undefined && { resolver: options.resolver }),
      ...(options.signal !== undefined && { signal: options.signal }),
    });
  } catch (err) {
    // Resolving a Service (or a bad URL) fails before any request: upstream fails to build the client then.
    if (err instanceof WebhookTransportError) throw new WebhookCallFailure(`failed to call webhook: ${err.message}`, 503);
    throw new WebhookCallFailure(`could not get REST client: ${err instanceof Error ? err.message : String(err)}`, 500);
  }
  if (answer.status < 200 || answer.status > 206) throw new WebhookCallFailure(`failed to call webhook: ${unstructuredResponseError(answer)}`, answer.status);
  const body = decodedBody(answer);
  if (typeof body === 'string') throw new WebhookCallFailure(`failed to call webhook: ${body}`, 503);
  return body;
}
