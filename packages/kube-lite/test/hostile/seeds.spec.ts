/** The seed list of the hostile suites (issue #19): fixed in CI, `HOSTILE_SEED=random` to explore, a number to replay. */
import t from 'tap';
import { FIXED_SEEDS, seedsToRun } from './seeds.js';

t.test('CI runs the fixed list: distinct seeds, each named, the bug seeds kept', async (t) => {
  const { source, seeds } = seedsToRun(undefined);
  t.equal(source, 'fixed');
  t.same(seeds, FIXED_SEEDS);
  t.equal(new Set(seeds.map((s) => s.seed)).size, seeds.length, 'no seed twice');
  t.ok(seeds.every((s) => Number.isSafeInteger(s.seed) && /^[a-z0-9-]+$/.test(s.name)), 'every seed an integer with a kebab-case name');
  t.same(
    seeds.find((s) => s.seed === 304658434),
    { seed: 304658434, name: 'yaml-binary-key-header-crash' },
    'the seed that found the YAML !!binary key 500 stays, named after it',
  );
  t.same(seedsToRun('').seeds, FIXED_SEEDS, 'an empty HOSTILE_SEED is the fixed list too');
});

t.test('HOSTILE_SEED=random draws one fresh seed; a number replays it (with its name when listed)', async (t) => {
  const random = seedsToRun('random');
  t.equal(random.source, 'random');
  t.equal(random.seeds.length, 1);
  t.ok(Number.isSafeInteger(random.seeds[0]?.seed) && (random.seeds[0]?.seed ?? -1) >= 0);
  t.same(seedsToRun('304658434'), { source: 'replay', seeds: [{ seed: 304658434, name: 'yaml-binary-key-header-crash' }] });
  t.same(seedsToRun('42'), { source: 'replay', seeds: [{ seed: 42, name: 'replay' }] });
  t.throws(() => seedsToRun('1.5'), /HOSTILE_SEED must be an integer or "random"/);
  t.throws(() => seedsToRun('abc'), /HOSTILE_SEED must be an integer or "random"/);
});
