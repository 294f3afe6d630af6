/**
 * `--enable-admission-plugins` and `--disable-admission-plugins` (k8s.io/apiserver/pkg/server/options/admission.go
 * `AdmissionOptions`): which of kube-lite's admission plugins run, and the validation of both lists.
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import { ADMISSION_PLUGINS } from '../admission/admission-plugins.js';

/** The two flags' values. */
export interface AdmissionPluginFlags {
  /** `--enable-admission-plugins`: plugins to run besides the default ones. */
  readonly enableAdmissionPlugins: readonly string[];
  /** `--disable-admission-plugins`: default plugins not to run. */
  readonly disableAdmissionPlugins: readonly string[];
}

/** The names of every plugin kube-lite offers, in the order they run. */
export function registeredAdmissionPlugins(): string[] {
  return ADMISSION_PLUGINS.map((p) => p.name);
}

/** The plugins that run when no flag names them, in order (`defaultEnabledPluginNames`). */
export function defaultEnabledAdmissionPlugins(): string[] {
  return ADMISSION_PLUGINS.filter((p) => p.defaultOn).map((p) => p.name);
}

/**
 * The plugins that run, in order (`enabledPluginNames`): the default-off ones and the disabled ones are off, unless
 * enabled.
 */
export function enabledAdmissionPlugins(flags: AdmissionPluginFlags): string[] {
  const off = new Set([...ADMISSION_PLUGINS.filter((p) => !p.defaultOn).map((p) => p.name), ...flags.disableAdmissionPlugins]);
  for (const name of flags.enableAdmissionPlugins) off.delete(name);
  return ADMISSION_PLUGINS.map((p) => p.name).filter((name) => !off.has(name));
}

/** Go's `sets.List`: the distinct strings, sorted bytewise. */
function sortedSet(names: Iterable<string>): string[] {
  return [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Every problem of the two lists, in upstream's words (`AdmissionOptions.Validate`); empty when they are fine. */
export function admissionPluginErrors(flags: AdmissionPluginFlags): string[] {
  const registered = new Set(registeredAdmissionPlugins());
  const errors: string[] = [];
  for (const name of flags.enableAdmissionPlugins) if (!registered.has(name)) errors.push(`enable-admission-plugins plugin ${goQuote(name)} is unknown`);
  for (const name of flags.disableAdmissionPlugins) if (!registered.has(name)) errors.push(`disable-admission-plugins plugin ${goQuote(name)} is unknown`);
  const disabled = new Set(flags.disableAdmissionPlugins);
  const both = sortedSet(flags.enableAdmissionPlugins.filter((name) => disabled.has(name)));
  if (both.length > 0) errors.push(`[${both.join(' ')}] in enable-admission-plugins and disable-admission-plugins overlapped`);
  return errors;
}
