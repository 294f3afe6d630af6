/**
 * Every input of the hostile suite for one seed: the generated bodies and request targets, the fixed oversized and
 * deeply nested bodies, and the fixture objects they aim at.
 */
import { brokenBodies, patches, wrongTypes } from './body-inputs.js';
import { fixedInputs } from './fixed-inputs.js';
import { FIXTURE_NAMESPACE, type HostileInput } from './hostile-input.js';
import { badQueries, continueTokens, invalidNames, selectors } from './request-inputs.js';
import { TEMPLATES } from './templates.js';

/** A request that creates one fixture. */
export interface FixtureRequest {
  /** The collection path. */
  readonly path: string;
  /** The object, as JSON. */
  readonly body: string;
}

/** Fixture objects created in {@link FIXTURE_NAMESPACE} before the run, one per template. */
export function fixtureObjects(): FixtureRequest[] {
  return TEMPLATES.map((t) => ({ path: t.collection(FIXTURE_NAMESPACE), body: JSON.stringify(t.object) }));
}

/** Every input for `seed`; `scale` multiplies the generated counts (1 → 540 generated plus the fixed ones). */
export function generatedInputs(seed: number, scale = 1): HostileInput[] {
  const n = (base: number): number => Math.max(1, Math.round(base * scale));
  return [
    ...brokenBodies(seed, n(120)),
    ...wrongTypes(seed, n(150)),
    ...invalidNames(seed, n(70)),
    ...selectors(seed, n(40)),
    ...continueTokens(seed, n(40)),
    ...badQueries(seed, n(50)),
    ...patches(seed, n(70)),
    ...fixedInputs(),
  ];
}
