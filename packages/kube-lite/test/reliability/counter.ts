/**
 * Optimistic-concurrency writers: increment `data.n` of one ConfigMap by read-modify-PUT or by a merge patch
 * carrying `metadata.resourceVersion` as precondition, retrying on 409 Conflict.
 */
import { type Answer, call, dataOf, resourceVersionOf } from './http.js';

/** How a writer sends its increment. */
export type WriteMethod = 'PUT' | 'PATCH';

/** One acknowledged increment: the value written and the resourceVersion the server answered. */
export interface AckedWrite {
  readonly value: number;
  readonly resourceVersion: string;
}

/** What a group of writers did. */
export interface WriterTally {
  readonly acked: AckedWrite[];
  conflicts: number;
  /** Answers that were neither 2xx nor 409 (must stay empty). */
  readonly unexpected: string[];
}

function sendIncrement(base: string, path: string, method: WriteMethod, current: Answer): Promise<Answer> {
  const n = Number(dataOf(current.body, 'n') ?? Number.NaN) + 1;
  const resourceVersion = resourceVersionOf(current.body);
  if (method === 'PUT') {
    const body = { ...current.body, data: { n: String(n) } };
    return call(base, 'PUT', path, body);
  }
  const patch = { metadata: { resourceVersion }, data: { n: String(n) } };
  return call(base, 'PATCH', path, patch, { contentType: 'application/merge-patch+json' });
}

/** Increments once through `base`, retrying on 409 at most `maxAttempts` times; records the outcome in `tally`. */
async function incrementOnce(base: string, path: string, method: WriteMethod, tally: WriterTally, maxAttempts: number): Promise<void> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const current = await call(base, 'GET', path);
    if (current.status !== 200) {
      tally.unexpected.push(`GET ${current.status}: ${current.text}`);
      return;
    }
    const res = await sendIncrement(base, path, method, current);
    if (res.status === 200) {
      tally.acked.push({ value: Number(dataOf(res.body, 'n')), resourceVersion: resourceVersionOf(res.body) });
      return;
    }
    if (res.status !== 409) {
      tally.unexpected.push(`${method} ${res.status}: ${res.text}`);
      return;
    }
    tally.conflicts++;
  }
  tally.unexpected.push(`${method}: still conflicting after ${maxAttempts} attempts`);
}

/** Runs `writers` concurrent writers, writer i on `bases[i % bases.length]`, each making `perWriter` increments. */
export async function runWriters(
  bases: readonly string[],
  path: string,
  method: WriteMethod,
  writers: number,
  perWriter: number,
): Promise<WriterTally> {
  const tally: WriterTally = { acked: [], conflicts: 0, unexpected: [] };
  await Promise.all(
    Array.from({ length: writers }, async (_, i) => {
      const base = bases[i % bases.length] ?? '';
      for (let k = 0; k < perWriter; k++) await incrementOnce(base, path, method, tally, 500);
    }),
  );
  return tally;
}
