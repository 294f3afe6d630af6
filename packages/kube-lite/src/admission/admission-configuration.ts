/**
 * `--admission-control-config-file` (k8s.io/apiserver `ReadAdmissionConfiguration`): an AdmissionConfiguration
 * (apiserver.config.k8s.io/v1 or v1alpha1, apiserver.k8s.io/v1alpha1; YAML or JSON) whose `plugins` entries carry a
 * plugin's configuration inline (`configuration`) or in a file (`path`, relative to the configuration file's folder).
 * @module
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { parse } from 'yaml';

const API_VERSIONS = ['apiserver.config.k8s.io/v1', 'apiserver.config.k8s.io/v1alpha1', 'apiserver.k8s.io/v1alpha1'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readYAML(file: string): unknown {
  return parse(readFileSync(file, 'utf8'));
}

/**
 * The configuration of the plugin named `plugin` in the AdmissionConfiguration file `file`: its inline object, the
 * parsed content of its `path`, or undefined when the file does not name the plugin. Throws on an unreadable file or
 * another kind.
 */
export function admissionPluginConfiguration(file: string, plugin: string): unknown {
  const doc = readYAML(file);
  if (!isRecord(doc) || doc['kind'] !== 'AdmissionConfiguration' || !API_VERSIONS.includes(String(doc['apiVersion']))) {
    throw new Error(`${file}: expected an apiserver.config.k8s.io/v1 AdmissionConfiguration`);
  }
  const plugins = Array.isArray(doc['plugins']) ? doc['plugins'] : [];
  const entry = plugins.find((p): p is Record<string, unknown> => isRecord(p) && p['name'] === plugin);
  if (entry === undefined) return undefined;
  if (entry['configuration'] !== undefined && entry['configuration'] !== null) return entry['configuration'];
  const path = entry['path'];
  if (typeof path !== 'string' || path === '') return undefined;
  return readYAML(isAbsolute(path) ? path : join(dirname(file), path));
}
