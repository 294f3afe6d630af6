/**
 * `--runtime-config`: kube-apiserver's `key=value` map switching API group-versions and resources on and off
 * (k8s apiserver `pkg/server/resourceconfig/helpers.go` `MergeAPIResourceConfigs`, `server/options/api_enablement.go`
 * `Validate`, and the legacy-key rewriting of kube-apiserver's options `Complete`), over the defaults of
 * `controlplane.DefaultAPIResourceConfigSource` (stable versions on, beta and alpha off).
 */
import type { GroupVersion } from '@apiserver/runtime';
import { ResourceConfig } from './api-resource-config.js';
import type { GroupVersionRegistry } from './group-version-registry.js';

/** The parsed flag: key (`api/all`, `apps/v1`, `apps/v1/deployments`, `v1`, …) → value (`''` means true). */
export type RuntimeConfig = Readonly<Record<string, string>>;

const GA = /^v\d+$/;
const BETA = /^v\d+beta\d+$/;
const ALPHA = /^v\d+alpha\d+$/;

/** The keys addressing many versions at once, applied in this order before any `<group>/<version>` key. */
const VERSION_MATCHERS: ReadonlyArray<readonly [string, (gv: GroupVersion) => boolean]> = [
  ['api/all', () => true],
  ['api/ga', (gv) => GA.test(gv.version)],
  ['api/beta', (gv) => BETA.test(gv.version)],
  ['api/alpha', (gv) => ALPHA.test(gv.version)],
];
const isMatcherKey = (key: string): boolean => VERSION_MATCHERS.some(([k]) => k === key);

/** Adds one flag occurrence (`k1=v1,k2,k3=v3`) to the map; later keys win, as Go's `cliflag.ConfigurationMap`. */
export function parseRuntimeConfig(value: string, into: RuntimeConfig = {}): RuntimeConfig {
  const out: Record<string, string> = { ...into };
  for (const item of value.split(',')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq === -1) out[item.trim()] = '';
    else out[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  return out;
}

/**
 * Rewrites the core group's spellings (`v1`, `api/v1`, and their `/<resource>` forms) to `/v1[/<resource>]` and
 * drops the deprecated `api/legacy`. kube-apiserver turns `v1/<resource>` into `/v1` (the whole version); kube-lite
 * keeps the resource, so `v1/pods=false` disables pods only.
 */
export function normalizeRuntimeConfig(rc: RuntimeConfig): RuntimeConfig {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(rc)) {
    if (key === 'api/legacy') continue;
    const core = /^(?:api\/)?v1(\/.*)?$/.exec(key);
    out[core === null ? key : `/v1${core[1] ?? ''}`] = value;
  }
  return out;
}

/** Go's `strconv.ParseBool`. */
function parseBool(value: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

interface Preference {
  readonly gv: GroupVersion;
  readonly resource?: string;
  readonly enabled: boolean;
}

/** Splits the `<group>/<version>[/<resource>]` keys into preferences, collecting every error in upstream's wording. */
function preferencesOf(rc: RuntimeConfig, registry: GroupVersionRegistry): { preferences: Preference[]; errors: string[] } {
  const preferences: Preference[] = [];
  const errors: string[] = [];
  const unknownGroups: string[] = [];
  for (const [key, value] of Object.entries(rc)) {
    if (isMatcherKey(key)) {
      if (value !== 'true' && value !== 'false') errors.push(`invalid value ${key}=${value}`);
      continue;
    }
    const tokens = key.split('/');
    const [group = '', version = '', resource] = tokens;
    if (tokens.length < 2 || tokens.length > 3) {
      errors.push(`runtime-config invalid key ${key}`);
      continue;
    }
    if (!registry.isGroupRegistered(group)) {
      if (!unknownGroups.includes(group)) unknownGroups.push(group);
      continue;
    }
    if (!registry.isVersionRegistered({ group, version })) {
      errors.push(`group version ${group === '' ? version : `${group}/${version}`} that has not been registered`);
      continue;
    }
    const enabled = value === '' ? true : parseBool(value);
    if (enabled === undefined) {
      errors.push(`invalid value of ${key}: ${value}, err: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
      continue;
    }
    if (resource !== undefined && resource.toLowerCase() !== resource) {
      errors.push(`invalid key ${key}: group/version/resource and resource is always lowercase plural, not ${JSON.stringify(resource)}`);
      continue;
    }
    preferences.push({ gv: { group, version }, ...(resource !== undefined && { resource }), enabled });
  }
  if (unknownGroups.length > 0) errors.push(`unknown api groups ${unknownGroups.join(',')}`);
  return { preferences, errors };
}

/** Every problem of a runtime config against the registry; empty when it can be applied. */
export function runtimeConfigErrors(raw: RuntimeConfig, registry: GroupVersionRegistry): string[] {
  const rc = normalizeRuntimeConfig(raw);
  const keys = Object.keys(rc);
  // kube-apiserver: "Do not allow only set api/all=false, in such case apiserver startup has no meaning."
  if (keys.length === 1 && rc['api/all'] === 'false') return ['invalid key with only api/all=false'];
  return preferencesOf(rc, registry).errors;
}

/** kube-apiserver's defaults over the registry: every stable version (`v<N>`) enabled, beta and alpha disabled. */
export function defaultAPIResourceConfig(registry: GroupVersionRegistry): ResourceConfig {
  const config = new ResourceConfig();
  for (const gv of registry.prioritizedVersionsAllGroups()) {
    if (GA.test(gv.version)) config.enableVersions(gv);
    else config.disableVersions(gv);
  }
  return config;
}

/**
 * Applies a runtime config to the defaults: `api/all`, `api/ga`, `api/beta`, `api/alpha` first,
 * then `<group>/<version>` keys, then `<group>/<version>/<resource>` keys, so the most specific key wins. Invalid keys
 * are skipped (report them with {@link runtimeConfigErrors}).
 */
export function mergeAPIResourceConfig(raw: RuntimeConfig, registry: GroupVersionRegistry, config: ResourceConfig = defaultAPIResourceConfig(registry)): ResourceConfig {
  const rc = normalizeRuntimeConfig(raw);
  for (const [key, matcher] of VERSION_MATCHERS) {
    if (rc[key] === 'true') config.enableMatchingVersions(matcher);
    else if (rc[key] === 'false') config.disableMatchingVersions(matcher);
  }
  const { preferences } = preferencesOf(rc, registry);
  for (const p of preferences) {
    if (p.resource !== undefined) continue;
    if (p.enabled) config.enableVersions(p.gv);
    else config.disableVersions(p.gv);
  }
  for (const p of preferences) {
    if (p.resource === undefined) continue;
    const gvr = { ...p.gv, resource: p.resource };
    if (p.enabled) config.enableResources(gvr);
    else config.disableResources(gvr);
  }
  return config;
}
