/**
 * `generateName` support (`apiserver/pkg/storage/names`): the prefix plus five random
 * characters from Kubernetes' alphabet, the prefix cut so the result stays ≤ 63.
 *
 * @module
 */
import { randomInt } from 'node:crypto';

/** The alphabet of `k8s.io/apimachinery/pkg/util/rand.String` (no vowels, no confusable digits). */
export const GENERATED_NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
/** Length of the random suffix. */
export const GENERATED_SUFFIX_LENGTH = 5;
/** Longest prefix kept (63 − 5). */
export const MAX_GENERATED_NAME_LENGTH = 63 - GENERATED_SUFFIX_LENGTH;

/** A source of random integers in `[0, max)`; injectable for deterministic tests. */
export type RandomIntFn = (max: number) => number;

/** A random string of `n` characters from {@link GENERATED_NAME_ALPHABET}. */
export function randomSuffix(n: number = GENERATED_SUFFIX_LENGTH, random: RandomIntFn = randomInt): string {
  let out = '';
  for (let i = 0; i < n; i++) out += GENERATED_NAME_ALPHABET.charAt(random(GENERATED_NAME_ALPHABET.length));
  return out;
}

/** Generates a name from a `generateName` base (`SimpleNameGenerator.GenerateName`). */
export function generateName(base: string, random: RandomIntFn = randomInt): string {
  const prefix = base.length > MAX_GENERATED_NAME_LENGTH ? base.slice(0, MAX_GENERATED_NAME_LENGTH) : base;
  return prefix + randomSuffix(GENERATED_SUFFIX_LENGTH, random);
}
