/**
 * Malformed HTTP on raw sockets: bad request lines, bad chunked encoding, header injection and smuggling, oversized
 * headers, random bytes (fast-check). The rule: the server answers a 4xx (Go's raw answers to what it cannot parse
 * carry no Status body) and/or closes the socket — never a 5xx other than Go's own 501 for a transfer coding it does
 * not implement, never a hang.
 */
import fc from 'fast-check';
import { type RawAnswer, rawExchange } from './http-probe.js';

/** One raw-socket input. */
export interface RawInput {
  /** What it tries. */
  readonly name: string;
  /** The bytes, written in order. */
  readonly chunks: readonly (string | Buffer)[];
  /** Whether serving it is a right answer too (RFC 9112 lets a server accept it). */
  readonly mayServe?: boolean;
  /** A 5xx Go's server itself answers (501 for a transfer coding it does not implement). */
  readonly goStatus?: number;
}

const cm = '/api/v1/namespaces/hostile/configmaps';
const h = 'Host: localhost\r\n';

/** The fixed malformed requests. */
export const RAW_INPUTS: readonly RawInput[] = [
  { name: 'method only', chunks: ['GET\r\n\r\n'] },
  { name: 'unknown method', chunks: [`FOO ${cm} HTTP/1.1\r\n${h}\r\n`] },
  { name: 'bad HTTP version', chunks: [`GET ${cm} HTTP/9.9\r\n${h}\r\n`] },
  { name: 'not HTTP', chunks: [`GET ${cm} SPDY/3\r\n${h}\r\n`] },
  { name: 'space in target', chunks: [`GET /api/v1/name spaces HTTP/1.1\r\n${h}\r\n`] },
  { name: 'control character in target', chunks: [`GET /api/v1/\x01 HTTP/1.1\r\n${h}\r\n`] },
  // RFC 9112 §3.2.2: a server MUST accept the absolute-form (Go's net/http serves its path).
  { name: 'absolute-form target of another host', chunks: [`GET http://evil.example/api HTTP/1.1\r\n${h}\r\n`], mayServe: true },
  { name: 'header without colon', chunks: [`GET /api HTTP/1.1\r\n${h}NoColonHere\r\n\r\n`] },
  { name: 'header injection (bare CR in value)', chunks: [`GET /api HTTP/1.1\r\n${h}X-A: a\rInjected: b\r\n\r\n`] },
  { name: 'header injection (NUL in value)', chunks: [`GET /api HTTP/1.1\r\n${h}X-A: a\0b\r\n\r\n`] },
  { name: 'space before colon', chunks: [`GET /api HTTP/1.1\r\n${h}X-A : b\r\n\r\n`] },
  { name: 'obsolete line folding', chunks: [`GET /api HTTP/1.1\r\n${h}X-A: a\r\n  folded\r\n\r\n`] },
  { name: 'two different Content-Lengths', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}`] },
  { name: 'Content-Length and chunked (smuggling)', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api HTTP/1.1\r\n\r\n`] },
  { name: 'negative Content-Length', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Length: -1\r\n\r\n`] },
  { name: 'non-numeric Content-Length', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Length: abc\r\n\r\n`] },
  { name: 'bad chunk size', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`] },
  { name: 'chunk without CRLF', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n`] },
  { name: 'chunk longer than declared', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{}}}}\r\n0\r\n\r\n`] },
  { name: 'unknown transfer coding', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Transfer-Encoding: gzip, identity\r\n\r\n`], goStatus: 501 },
  { name: 'identity, chunked (smuggling)', chunks: [`POST ${cm} HTTP/1.1\r\n${h}Transfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\nGET /api HTTP/1.1\r\n\r\n`], goStatus: 501 },
  { name: "oversized header (Go's MaxHeaderBytes 1 MiB → 431)", chunks: [`GET /api HTTP/1.1\r\n${h}X-Big: ${'a'.repeat((1 << 20) + 1000)}\r\n\r\n`] },
  // 3,000 short headers fit in Go's 1 MiB: served there too.
  { name: 'many headers', chunks: [`GET /api HTTP/1.1\r\n${h}${Array.from({ length: 3000 }, (_, i) => `X-${i}: v\r\n`).join('')}\r\n`], mayServe: true },
  { name: 'oversized request line', chunks: [`GET /api?${'q'.repeat((1 << 20) + 1000)} HTTP/1.1\r\n${h}\r\n`] },
];

/** Random bytes and random corruptions of a valid request, seeded. */
export function generatedRawInputs(seed: number, runs: number): RawInput[] {
  const valid = `POST ${cm} HTTP/1.1\r\n${h}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
  const garbage = fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b): RawInput => ({ name: 'random bytes', chunks: [Buffer.from(b), '\r\n\r\n'] }));
  const corrupted = fc
    .tuple(fc.integer({ min: 0, max: valid.length - 1 }), fc.constantFrom('\0', '\r', '\n', ' ', ':', '\x7f', '\xff'))
    .map(([i, c]): RawInput => ({ name: 'corrupted request', chunks: [`${valid.slice(0, i)}${c}${valid.slice(i + 1)}`, '\r\n\r\n'] }));
  return fc.sample(fc.oneof(garbage, corrupted), { seed: seed + 10, numRuns: runs });
}

/** Why a raw answer breaks the rule ("" when fine): a 5xx, a 2xx/3xx to what may not be served, or a hang. */
export function rawProblem(input: RawInput, answer: RawAnswer): string {
  const line = /^HTTP\/1\.[01] (\d{3})/.exec(answer.text);
  const code = line === null ? undefined : Number(line[1]);
  if (code !== undefined && code >= 500 && code !== input.goStatus) return `answered ${code}: ${answer.text.slice(0, 200)}`;
  if (code === undefined && !answer.closed) return 'no answer and the socket stayed open';
  if (code !== undefined && code < 400 && input.mayServe !== true) return `answered ${code} to malformed HTTP`;
  return '';
}

/** Runs one raw input. */
export function runRaw(base: string, input: RawInput): Promise<RawAnswer> {
  return rawExchange(base, input.chunks, 3000);
}

/** How long a stalled client kept its connection: ms until the server closed it, undefined if it never did. */
export interface Stalled {
  /** Milliseconds from connecting until the server closed the connection. */
  readonly closedAfterMillis: number | undefined;
  /** What the server wrote. */
  readonly text: string;
}

/** Writes `chunks` one per second and then nothing, never completing a request, for at most `giveUpMillis`. */
export async function stalledClient(base: string, chunks: readonly string[], giveUpMillis: number): Promise<Stalled> {
  const started = Date.now();
  const answer = await rawExchange(base, chunks, giveUpMillis, 1000);
  return { closedAfterMillis: answer.closed ? Date.now() - started : undefined, text: answer.text };
}

/** A slow-loris client: starts a request and sends one more header line every second, never ending the headers. */
export function slowLoris(base: string, giveUpMillis: number): Promise<Stalled> {
  const lines = Array.from({ length: Math.ceil(giveUpMillis / 1000) }, (_, i) => `X-Slow-${i}: a\r\n`);
  return stalledClient(base, [`GET /api HTTP/1.1\r\n${h}`, ...lines], giveUpMillis);
}

/** A client that sends only the blank lines RFC 9112 §2.2 lets a server skip before a request line, then waits. */
export function blankLinesOnly(base: string, giveUpMillis: number): Promise<Stalled> {
  return stalledClient(base, ['\r\n\r\n\r\n'], giveUpMillis);
}
