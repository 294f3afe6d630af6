import t from 'tap';
import { PrefixTransformer } from '../src/index.js';
import { conformanceCaseNames, runStorageConformance } from '../src/testing/index.js';
import { MVCCStore } from './fixtures/mvcc-store.js';

t.ok(conformanceCaseNames.length > 50, `${conformanceCaseNames.length} cases`);
t.equal(new Set(conformanceCaseNames).size, conformanceCaseNames.length, 'case names are unique');

await runStorageConformance(t, async ({ prefix, transformer }) => {
  const store = new MVCCStore({ pathPrefix: prefix, transformer });
  return {
    store,
    usesTransformer: transformer instanceof PrefixTransformer,
    compact: async (rev) => store.compact(rev),
    expireTTLs: async () => store.expireDue(),
    destroy: async () => store.close(),
  };
});
