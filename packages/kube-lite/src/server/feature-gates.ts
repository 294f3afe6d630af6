/**
 * `--feature-gates` (k8s.io/component-base `featuregate`): the gates kube-lite knows, their defaults as of
 * Kubernetes 1.32, and the parsing of `Name=true,Other=false`.
 * @module
 */

/** A gate: its stage and default in 1.32. */
export interface FeatureSpec {
  /** `ALPHA`, `BETA` or `GA`. */
  readonly preRelease: 'ALPHA' | 'BETA' | 'GA';
  /** Whether it is on when not set. */
  readonly default: boolean;
}

/**
 * The gates kube-lite reads. `AuthorizeWithSelectors` (beta, on in 1.32): list, watch and deletecollection requests
 * are authorized with their field and label selectors, and the access reviews honour `fieldSelector` and
 * `labelSelector` (off, a review's selectors are dropped). `RemoteRequestHeaderUID` (alpha, off in 1.32, beta and on
 * in 1.33): lets `--requestheader-uid-headers` be set, so the UID headers are read and published in
 * `kube-system/extension-apiserver-authentication`.
 */
export const KNOWN_FEATURES: Readonly<Record<string, FeatureSpec>> = {
  AuthorizeWithSelectors: { preRelease: 'BETA', default: true },
  RemoteRequestHeaderUID: { preRelease: 'ALPHA', default: false },
};

/** Parses `--feature-gates`; throws for an unknown gate or a value that is not a boolean (upstream's messages). */
export function parseFeatureGates(value: string): Record<string, boolean> {
  const gates: Record<string, boolean> = {};
  for (const pair of value.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const text = eq < 0 ? '' : pair.slice(eq + 1).trim();
    if (eq < 0) throw new Error(`missing bool value for ${name}`);
    if (KNOWN_FEATURES[name] === undefined) throw new Error(`unrecognized feature gate: ${name}`);
    if (!/^(true|false)$/i.test(text)) throw new Error(`invalid value of ${name}=${text}, err: strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
    gates[name] = text.toLowerCase() === 'true';
  }
  return gates;
}

/** Whether `name` is on: as set, else its default. */
export function featureEnabled(gates: Readonly<Record<string, boolean>>, name: keyof typeof KNOWN_FEATURES): boolean {
  return gates[name] ?? KNOWN_FEATURES[name]?.default ?? false;
}
