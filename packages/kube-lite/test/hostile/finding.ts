/**
 * A named case of issue #19 ("no request can crash, hang or exhaust kube-lite"): one or more requests and the
 * answers they must get, reported as a list of problems (empty when the server behaves).
 */
import { problemOf } from './answer-checks.js';
import { type Answer, type Probe, send } from './http-probe.js';

/** Where a finding runs. */
export interface FindingContext {
  /** The server's base URL. */
  readonly url: string;
  /** A namespace of its own (exists; holds the ConfigMap `heavy-target`). */
  readonly ns: string;
}

/** One case. */
export interface Finding {
  /** The case name, after the bug it pins. */
  readonly name: string;
  /** Runs the case; the problems found (empty when fine). */
  check(ctx: FindingContext): Promise<string[]>;
}

/** Sends on a fresh connection (a case may leave it broken) with a generous bound. */
export function call(ctx: FindingContext, probe: Probe, timeoutMs = 30_000): Promise<Answer> {
  return send(ctx.url, probe, false, timeoutMs);
}

/** `what` when the answer is not `status` (with the body's start), else nothing. */
export function expectStatus(answer: Answer, status: number, what: string): string[] {
  if (answer.status === status) return [];
  return [`${what}: status ${answer.status}${answer.error === undefined ? '' : ` (${answer.error})`}, want ${status}: ${answer.body.slice(0, 300)}`];
}

/** `what` when the answer is not a 4xx `Status` (or one of `alsoAllowed`). */
export function expectRefused(answer: Answer, what: string, alsoAllowed: readonly number[] = []): string[] {
  const problem = problemOf(answer, { alsoAllowed });
  return problem === '' ? [] : [`${what}: ${problem}`];
}

/** `what` when the answer is a 5xx or none at all (any other status is fine). */
export function expectNoServerError(answer: Answer, what: string): string[] {
  if (answer.status > 0 && answer.status < 500) return [];
  return [`${what}: status ${answer.status}${answer.error === undefined ? '' : ` (${answer.error})`}: ${answer.body.slice(0, 300)}`];
}

/** A ConfigMap as JSON text with `extra` merged into it at the top and `metadata` into its metadata. */
export function configMap(name: string, extra: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...metadata }, ...extra });
}

/** The ConfigMap collection of the context's namespace. */
export function configMaps(ctx: FindingContext, query = ''): string {
  return `/api/v1/namespaces/${ctx.ns}/configmaps${query}`;
}
