/**
 * The rule every answer of the hostile suite must pass: a 4xx whose body is a `v1` `Status` with the same code and
 * no stack trace, or one of the statuses the input also allows — never a 5xx, never a hang.
 */
import type { Answer } from './http-probe.js';
import type { HostileInput } from './hostile-input.js';

/** A stack frame as V8 prints it (`    at fn (file:line:col)`), or a bare file position. */
const STACK_FRAME = /(?:^|\n|\\n) {4}at |\bat (?:\S+ )?\(?(?:file:|node:|\/)[^\s)]*:\d+(?::\d+)?\)?/;

/** Whether a text carries a stack trace. */
export function hasStackFrame(text: string): boolean {
  return STACK_FRAME.test(text);
}

/** The fields of a `Status` the suite checks. */
export interface StatusFields {
  /** Always `Status`. */
  readonly kind: string;
  /** Always `v1`. */
  readonly apiVersion: string;
  /** The HTTP status it describes. */
  readonly code: number;
}

/** The decoded `v1` Status of a body, or undefined when the body is not one. */
export function statusOf(body: string): StatusFields | undefined {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || !('kind' in v) || !('apiVersion' in v) || !('code' in v)) return undefined;
  const { kind, apiVersion, code } = v;
  if (kind !== 'Status' || apiVersion !== 'v1' || typeof code !== 'number') return undefined;
  return { kind, apiVersion, code };
}

/** Why an answer to `input` breaks the rule; empty when it is fine. */
export function problemOf(answer: Answer, input: Pick<HostileInput, 'alsoAllowed' | 'requiredStatus'>): string {
  const excerpt = answer.body.slice(0, 300);
  if (answer.error !== undefined) return `no answer: ${answer.error}`;
  if (hasStackFrame(answer.body)) return `stack trace in body: ${excerpt}`;
  if (input.requiredStatus !== undefined && answer.status !== input.requiredStatus) return `status ${answer.status}, want ${input.requiredStatus}: ${excerpt}`;
  if (answer.status < 400 && input.alsoAllowed?.includes(answer.status)) return '';
  if (answer.status < 400 || answer.status >= 500) return `status ${answer.status}: ${excerpt}`;
  const status = statusOf(answer.body);
  if (status === undefined) return `${answer.status} without a v1 Status body: ${excerpt}`;
  if (status.code !== answer.status) return `Status code ${status.code} != HTTP ${answer.status}`;
  return '';
}
