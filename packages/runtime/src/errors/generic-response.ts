/**
 * `NewGenericServerResponse`: the Status built for a bare HTTP error code, used when a
 * router (go-restful) answers 404/405/406/415 inside a registered web service.
 *
 * @module
 */
import { goQuote } from '../validation/field/go-format.js';
import { groupResourceString, type QualifiedResource } from './qualified.js';
import { StatusError } from './status-error.js';

/** Options of {@link newGenericServerResponse}; all optional. */
export interface GenericServerResponseOptions {
  /** The HTTP verb of the request (`POST` turns 409 into AlreadyExists). */
  readonly verb?: string;
  /** The resource concerned, appended to the message as `(verb resource[ name])`. */
  readonly resource?: QualifiedResource;
  /** The object name. */
  readonly name?: string;
  /** The server's own message (kept for 403/406/415/5xx). */
  readonly serverMessage?: string;
  /** Seconds before retrying, copied to `details.retryAfterSeconds`. */
  readonly retryAfterSeconds?: number;
  /** Adds an `UnexpectedServerResponse` cause carrying `serverMessage`. */
  readonly isUnexpectedResponse?: boolean;
}

type Fixed = readonly [reason: string, message: string | ((serverMessage: string) => string)];

const BY_CODE: Readonly<Record<number, Fixed>> = {
  404: ['NotFound', 'the server could not find the requested resource'],
  400: ['BadRequest', 'the server rejected our request for an unknown reason'],
  401: ['Unauthorized', 'the server has asked for the client to provide credentials'],
  403: ['Forbidden', (m) => m],
  406: [
    'NotAcceptable',
    (m) => (m === '' || m === 'unknown' ? 'the server was unable to respond with a content type that the client supports' : m),
  ],
  415: ['UnsupportedMediaType', (m) => m],
  405: ['MethodNotAllowed', 'the server does not allow this method on the requested resource'],
  422: ['Invalid', 'the server rejected our request due to an error in our request'],
  503: ['ServiceUnavailable', 'the server is currently unable to handle the request'],
  504: ['Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
  429: ['TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
};

function reasonAndMessage(code: number, verb: string, serverMessage: string): readonly [string, string] {
  if (code === 409) return [verb === 'POST' ? 'AlreadyExists' : 'Conflict', 'the server reported a conflict'];
  const fixed = BY_CODE[code];
  if (fixed !== undefined) {
    const [reason, msg] = fixed;
    return [reason, typeof msg === 'string' ? msg : msg(serverMessage)];
  }
  if (code >= 500) {
    return ['InternalError', `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`];
  }
  return ['', `the server responded with the status code ${code} but did not return more information`];
}

/** Builds the Status for a bare HTTP error code, worded as `NewGenericServerResponse`. */
export function newGenericServerResponse(code: number, opts: GenericServerResponseOptions = {}): StatusError {
  const verb = opts.verb ?? '';
  const name = opts.name ?? '';
  const serverMessage = opts.serverMessage ?? '';
  let [reason, message] = reasonAndMessage(code, verb, serverMessage);
  const gr = opts.resource;
  if (gr !== undefined && (gr.group !== '' || gr.resource !== '')) {
    const what = name === '' ? groupResourceString(gr) : `${groupResourceString(gr)} ${name}`;
    message = `${message} (${verb.toLowerCase()} ${what})`;
  }
  return new StatusError({
    code,
    reason,
    message,
    details: {
      group: gr?.group ?? '',
      kind: gr?.resource ?? '',
      name,
      causes: opts.isUnexpectedResponse ? [{ reason: 'UnexpectedServerResponse', message: serverMessage }] : [],
      retryAfterSeconds: opts.retryAfterSeconds ?? 0,
    },
  });
}
