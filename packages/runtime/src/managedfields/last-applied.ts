/**
 * kubectl's client-side apply annotation in server-side apply (managedfields/internal/lastappliedmanager.go
 * and lastappliedupdater.go), for the `kubectl` manager only: conflicts on fields the annotation holds with
 * the live values are allowed (an object managed by client-side apply upgrades without conflicts), and an
 * existing annotation is rewritten to the applied configuration.
 */
import { compareTyped } from './compare.js';
import type { FieldSet } from './field-set.js';
import type { FieldType } from './field-type.js';
import { toFieldSet } from './to-field-set.js';
import { isObject, type JSONObject } from './typed-value.js';
import { annotationsSize, TOTAL_ANNOTATION_SIZE_LIMIT_B } from '../validation/annotations.js';

/** `kubectl.kubernetes.io/last-applied-configuration`. */
export const LAST_APPLIED_CONFIG_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/** The only manager whose applies read and write the annotation. */
export const LAST_APPLIED_MANAGER = 'kubectl';


function annotationsOf(obj: JSONObject): Record<string, unknown> | undefined {
  const metadata = obj.metadata;
  if (!isObject(metadata)) return undefined;
  return isObject(metadata.annotations) ? metadata.annotations : undefined;
}

function lastAppliedOf(obj: JSONObject): string | undefined {
  const v = annotationsOf(obj)?.[LAST_APPLIED_CONFIG_ANNOTATION];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The fields of the live object's annotation whose values are still live (undefined when there is none). */
export function allowedConflictsFromLastApplied(live: JSONObject, t: FieldType): FieldSet | undefined {
  const text = lastAppliedOf(live);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed)) return undefined;
    const comparison = compareTyped(parsed, live, t);
    return toFieldSet(parsed, t).difference(comparison.modified).difference(comparison.added).difference(comparison.removed);
  } catch {
    return undefined;
  }
}

function sortedJSON(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedJSON);
  if (!isObject(v)) return v;
  const out: JSONObject = {};
  for (const k of Object.keys(v).sort()) out[k] = sortedJSON(v[k]);
  return out;
}

/** `buildLastApplied`: the applied configuration without the annotation, as Go's JSON encoder writes it. */
function buildLastApplied(applied: JSONObject): string {
  const copy = structuredClone(applied);
  const annotations = annotationsOf(copy);
  if (annotations !== undefined) delete annotations[LAST_APPLIED_CONFIG_ANNOTATION];
  return `${JSON.stringify(sortedJSON(copy))}\n`;
}

/** `lastAppliedUpdater.Apply`: rewrites an existing annotation of `result` to the applied configuration. */
export function updateLastApplied(result: JSONObject, applied: JSONObject): JSONObject {
  if (lastAppliedOf(result) === undefined) return result;
  const metadata = isObject(result.metadata) ? result.metadata : {};
  const annotations: Record<string, unknown> = { ...(annotationsOf(result) ?? {}), [LAST_APPLIED_CONFIG_ANNOTATION]: buildLastApplied(applied) };
  if (annotationsSize(annotations) > TOTAL_ANNOTATION_SIZE_LIMIT_B) delete annotations[LAST_APPLIED_CONFIG_ANNOTATION];
  return { ...result, metadata: { ...metadata, annotations } };
}
