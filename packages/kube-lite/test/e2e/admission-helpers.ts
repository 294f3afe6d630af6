/**
 * What the admission e2e tests share: the status of a rejected client-node call, polling until an asynchronous
 * check holds, and the annotations of a create's audit event.
 */
import { readFile } from 'node:fs/promises';
import * as k8s from '@kubernetes/client-node';
import { until } from './client-node-suite.js';

/** The code, message and reason of a client-node ApiException (code -1 for anything else). */
export function statusOf(err: unknown): { code: number; message: string; reason?: string } {
  if (!(err instanceof k8s.ApiException)) return { code: -1, message: String(err) };
  const raw: unknown = err.body;
  const body = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { message?: string; reason?: string };
  return { code: err.code, message: body.message ?? '', ...(body.reason !== undefined && { reason: body.reason }) };
}

/** The status `p` is rejected with, reason included (code 0 when it resolves). */
export async function rejectedStatus(p: Promise<unknown>): Promise<{ code: number; message: string; reason?: string }> {
  try {
    await p;
  } catch (err) {
    return statusOf(err);
  }
  return { code: 0, message: 'resolved' };
}

/** The code and message `p` is rejected with (code 0 when it resolves). */
export async function rejected(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  const { code, message } = await rejectedStatus(p);
  return { code, message };
}

/** Polls `check` (a throw counts as false) until it holds; fails the test after `timeoutMs`. */
export async function untilAsync(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  let ok = false;
  const deadline = Date.now() + timeoutMs;
  while (!(ok = await check().catch(() => false))) {
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await until(what, () => ok, 0);
}

/** The annotations of the ResponseComplete event of the create of `name`, once logged. */
export async function createAuditAnnotations(logPath: string, name: string): Promise<Record<string, string> | undefined> {
  const text = await readFile(logPath, 'utf8').catch(() => '');
  const events = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { stage: string; verb: string; objectRef?: { name?: string }; annotations?: Record<string, string> });
  return events.find((e) => e.stage === 'ResponseComplete' && e.verb === 'create' && e.objectRef?.name === name)?.annotations;
}
