/** The `*.spec.ts` files of test/registry/ (kube-lite's registry strategies, and their HTTP behaviour on a kube-lite)
 * run in one test process beside the package suite (see `importSpecs` in @apiserver/testing). */
import { importSpecs, SPEC_TIMEOUT_MILLIS, specFiles } from '@apiserver/testing';
import t from 'tap';

const specs = specFiles(import.meta.url);
t.setTimeout(SPEC_TIMEOUT_MILLIS * specs.length);
// The specs are imported inside this first subtest, and their tests queue behind it: the root is not idle before the
// last spec has registered its tests. (Once a spec registers a root teardown, tap ends the root when it is idle; the
// tests of a spec still loading were then dropped with a printed error and no failure.)
await t.test(`imports its ${specs.length} specs`, async (t) => {
  t.same(await importSpecs(import.meta.url), specs, 'every spec imported, in order');
});
