/**
 * A ledger of write attempts per object, for "no acknowledged write is lost" checks. Writes to one object are
 * sent one at a time, so its attempts are ordered: after a crash, the stored value must be the last
 * acknowledged one or one of the later attempts whose answer never came (it may have been applied).
 */

type Outcome = 'pending' | 'acked' | 'failed';

interface Attempt {
  readonly value: string;
  outcome: Outcome;
  resourceVersion?: string;
}

/** What is stored for one object after the fault (absent: not found). */
export interface StoredValue {
  readonly value: string | undefined;
  readonly resourceVersion: string;
}

/** Write attempts per object name, with their outcome. */
export class WriteLedger {
  readonly #attempts = new Map<string, Attempt[]>();
  #acked = 0;
  #failed = 0;
  #maxAckedRV = 0n;

  /** Records that a write of `value` to `name` is being sent; returns the handle to settle it with. */
  attempt(name: string, value: string): { ack(resourceVersion: string): void; fail(): void } {
    const list = this.#attempts.get(name) ?? [];
    this.#attempts.set(name, list);
    const a: Attempt = { value, outcome: 'pending' };
    list.push(a);
    return {
      ack: (resourceVersion) => {
        a.outcome = 'acked';
        a.resourceVersion = resourceVersion;
        this.#acked++;
        const rv = BigInt(resourceVersion);
        if (rv > this.#maxAckedRV) this.#maxAckedRV = rv;
      },
      fail: () => {
        a.outcome = 'failed';
        this.#failed++;
      },
    };
  }

  /** Number of acknowledged writes. */
  get acked(): number {
    return this.#acked;
  }

  /** Number of writes answered with an error or not answered. */
  get failed(): number {
    return this.#failed;
  }

  /** The highest resourceVersion any acknowledged write was given. */
  get maxAckedResourceVersion(): bigint {
    return this.#maxAckedRV;
  }

  /** The resourceVersions of every acknowledged write, in no particular order. */
  ackedResourceVersions(): string[] {
    return [...this.#attempts.values()].flatMap((list) => list.flatMap((a) => (a.outcome === 'acked' && a.resourceVersion !== undefined ? [a.resourceVersion] : [])));
  }

  /** Every object name written to. */
  names(): string[] {
    return [...this.#attempts.keys()];
  }

  /** The problems of `stored` (name → value read back) against the ledger; empty when nothing was lost. */
  check(stored: ReadonlyMap<string, StoredValue>): string[] {
    const problems: string[] = [];
    for (const [name, attempts] of this.#attempts) {
      let last = -1;
      for (const [i, a] of attempts.entries()) if (a.outcome === 'acked') last = i;
      const got = stored.get(name);
      const allowed = attempts.slice(Math.max(last, 0)).filter((a, i) => (i === 0 && last >= 0) || a.outcome !== 'acked');
      const lastAcked = last >= 0 ? attempts[last] : undefined;
      if (lastAcked === undefined) {
        if (got !== undefined && !allowed.some((a) => a.value === got.value)) problems.push(`${name}: unknown value ${got.value}`);
        continue;
      }
      if (got === undefined) {
        problems.push(`${name}: acknowledged ${lastAcked.value} (rv ${lastAcked.resourceVersion}) but not found`);
        continue;
      }
      if (!allowed.some((a) => a.value === got.value)) {
        problems.push(`${name}: holds ${got.value}, last acknowledged ${lastAcked.value}`);
      }
      if (BigInt(got.resourceVersion || '0') < BigInt(lastAcked.resourceVersion ?? '0')) {
        problems.push(`${name}: resourceVersion ${got.resourceVersion} below acknowledged ${lastAcked.resourceVersion}`);
      } else if (got.value === lastAcked.value && got.resourceVersion !== lastAcked.resourceVersion) {
        // Values written to one object are distinct, so the acknowledged value must carry its acknowledged revision.
        problems.push(`${name}: holds the acknowledged ${got.value} at resourceVersion ${got.resourceVersion}, acknowledged at ${lastAcked.resourceVersion}`);
      }
    }
    return problems;
  }
}
