/** Test helper: read a watch's events with a deadline. */
import type { Watch, WatchEvent } from '@apiserver/storage';

/** Reads up to `n` events of `w`, stopping the watch after `ms` (fewer events then). */
export async function take(w: Watch, n: number, ms = 3000): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  const it = w[Symbol.asyncIterator]();
  const timer = setTimeout(() => w.stop(), ms);
  while (out.length < n) {
    const r = await it.next();
    if (r.done === true) break;
    out.push(r.value);
  }
  clearTimeout(timer);
  return out;
}
