/** This package's `*.spec.ts` files run in one test process (see `importSpecs` in `src/spec-suite.ts`). */
import t from 'tap';
import { importSpecs, SPEC_TIMEOUT_MILLIS, specFiles } from '../src/spec-suite.js';

const specs = specFiles(import.meta.url);
t.setTimeout(SPEC_TIMEOUT_MILLIS * specs.length);
// The specs are imported inside this first subtest, and their tests queue behind it: the root is not idle before the
// last spec has registered its tests (a spec registering a root teardown lets tap end the root once it is idle).
await t.test(`imports its ${specs.length} specs`, async (t) => {
  t.same(await importSpecs(import.meta.url), specs, 'every spec imported, in order');
});
