/**
 * The storage conformance runner: every case as a tap subtest with a fresh store.
 * @module
 */
import type { Test } from 'tap';
import { PrefixTransformer } from '../value-transformer.js';
import { createGetCases } from './cases-create-get.js';
import { deleteCases } from './cases-delete.js';
import { listCases } from './cases-list.js';
import { pagingCases } from './cases-paging.js';
import { updateCases } from './cases-update.js';
import { watchInitialCases } from './cases-watch-initial.js';
import { watchCases } from './cases-watch.js';
import type { Capability, ConformanceCase } from './fixtures.js';
import type { ConformanceOptions, StorageFactory, StorageHarness } from './harness.js';

/** All conformance cases, in run order. */
export const conformanceCases: readonly ConformanceCase[] = [
  ...createGetCases,
  ...deleteCases,
  ...updateCases,
  ...listCases,
  ...pagingCases,
  ...watchCases,
  ...watchInitialCases,
];

/** Names of all conformance cases (stable; use them as skip keys). */
export const conformanceCaseNames: readonly string[] = conformanceCases.map((c) => c.name);

function missingCapability(h: StorageHarness, needs: readonly Capability[]): Capability | undefined {
  return needs.find((n) => (n === 'compact' ? h.compact === undefined : h.usesTransformer !== true));
}

/**
 * Runs every conformance case as a subtest of `t`, each against a fresh harness from `factory`.
 * Skipped cases are reported with their reason; unknown skip names fail the run.
 */
export async function runStorageConformance(t: Test, factory: StorageFactory, options: ConformanceOptions = {}): Promise<void> {
  const skip = options.skip ?? {};
  const unknown = Object.keys(skip).filter((n) => !conformanceCaseNames.includes(n));
  t.same(unknown, [], 'every skip names an existing case');
  // Probe the harness capabilities inside a subtest, so the root test stays open while the factory works.
  let probe: StorageHarness | undefined;
  await t.test('conformance: harness capabilities', async (tt) => {
    probe = await factory({ prefix: `/conformance-${process.pid}-probe/`, transformer: new PrefixTransformer('probe:') });
    await probe.destroy();
    tt.ok(probe.store !== undefined, 'the factory returns a store');
  });
  if (probe === undefined) return;
  let index = 0;
  for (const c of conformanceCases) {
    index++;
    const missing = missingCapability(probe, c.needs ?? []);
    const reason = skip[c.name] ?? (missing === undefined ? undefined : `the backend lacks the ${missing} capability`);
    if (reason !== undefined) {
      await t.test(c.name, { skip: reason }, async () => undefined);
      continue;
    }
    const transformer = new PrefixTransformer('conformance:');
    const prefix = `/conformance-${process.pid}-${index}/`;
    await t.test(c.name, { timeout: 30_000 }, async (tt) => {
      const harness = await factory({ prefix, transformer });
      try {
        await c.run({ t: tt, store: harness.store, harness, transformer });
      } finally {
        await harness.destroy();
      }
    });
  }
}
