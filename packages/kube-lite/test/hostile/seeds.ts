/**
 * The seeds the hostile suite runs in CI. A run is deterministic for a seed, so CI passes or fails on the code,
 * never by chance. Exploring is `HOSTILE_SEED=random` (draws a seed and prints it) or `HOSTILE_SEED=<n>` (replays
 * one). Every seed that ever found a bug stays in {@link FIXED_SEEDS}, named after the bug it found.
 */

/** One seed of the fixed list. */
export interface NamedSeed {
  /** The fast-check seed. */
  readonly seed: number;
  /** What it found (the bug's name), or `baseline-<n>` for a seed kept for coverage only. */
  readonly name: string;
}

/** The seeds CI runs, in order. */
export const FIXED_SEEDS: readonly NamedSeed[] = [
  // Issue #19: `!!binary ~` spliced in as a metadata key gave a Warning header with bytes node refuses → 500.
  { seed: 304658434, name: 'yaml-binary-key-header-crash' },
  { seed: 1, name: 'baseline-1' },
  { seed: 20_260_127, name: 'baseline-2' },
];

/** Where the seeds of a run come from: the fixed list, one seed to replay, or a fresh random one. */
export type SeedSource = 'fixed' | 'replay' | 'random';

/** The seeds of one run, from `HOSTILE_SEED` (unset: the fixed list; `random`: a fresh one; a number: that one). */
export function seedsToRun(env: string | undefined = process.env.HOSTILE_SEED): { source: SeedSource; seeds: NamedSeed[] } {
  if (env === undefined || env === '') return { source: 'fixed', seeds: [...FIXED_SEEDS] };
  if (env === 'random') {
    const seed = Math.floor(Math.random() * 2 ** 31);
    return { source: 'random', seeds: [{ seed, name: 'random' }] };
  }
  const seed = Number(env);
  if (!Number.isSafeInteger(seed)) throw new Error(`HOSTILE_SEED must be an integer or "random", got ${JSON.stringify(env)}`);
  return { source: 'replay', seeds: [FIXED_SEEDS.find((s) => s.seed === seed) ?? { seed, name: 'replay' }] };
}
