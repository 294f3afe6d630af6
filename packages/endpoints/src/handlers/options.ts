/**
 * Query-parameter decoding and validation of the options kinds (metav1 CreateOptions, UpdateOptions,
 * PatchOptions, DeleteOptions, ListOptions), with apimachinery's conversions and error texts.
 */
import type { InternalListOptions } from '@apiserver/registry';
import {
  type CreateOptions,
  type DeleteOptions,
  assertValidListOptions,
  type FieldError,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  newBadRequest,
  newInvalid,
  newPath,
  parseFieldSelector,
  parseLabelSelector,
  validateNonnegativeField,
} from '@apiserver/runtime';

/** `fieldValidation` directive values. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

/** Decoded create/update/patch options. */
export interface WriteOptions {
  /** `["All"]` for a dry run, else empty. */
  readonly dryRun: string[];
  /** Field manager name (recorded only). */
  readonly fieldManager: string;
  /** Unknown/duplicate field handling (default Warn). */
  readonly fieldValidation: FieldValidation;
  /** PATCH only: force apply. */
  readonly force?: boolean;
}

function isFieldValidation(value: string): value is FieldValidation {
  return value === 'Ignore' || value === 'Warn' || value === 'Strict';
}

function isResourceVersionMatch(value: string): value is NonNullable<InternalListOptions['resourceVersionMatch']> {
  return value === '' || value === 'NotOlderThan' || value === 'Exact';
}

/** Go's `Convert_Slice_string_To_bool`: anything but "0"/"false" (any case) is true. */
export function queryBool(value: string): boolean {
  return !(value === '0' || value.toLowerCase() === 'false');
}

/** Go's `strconv.ParseInt` over a query value; a bad value is a 400. */
export function queryInt(name: string, value: string): number {
  if (!/^[+-]?\d+$/.test(value)) throw newBadRequest(`${name}: strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw newBadRequest(`${name}: strconv.ParseInt: parsing ${JSON.stringify(value)}: value out of range`);
  return n;
}

function isPrintable(text: string): boolean {
  return !/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u.test(text);
}

function writeOptionErrors(q: URLSearchParams, dryRun: string[], patch: boolean): FieldError[] {
  const errs: FieldError[] = [];
  for (const d of dryRun) if (d !== 'All') errs.push(fieldNotSupported(newPath('dryRun'), d, ['All']));
  const manager = q.get('fieldManager') ?? '';
  if (manager.length > 128) errs.push(fieldInvalid(newPath('fieldManager'), manager, 'must be less than or equal to 128 characters'));
  else if (!isPrintable(manager)) errs.push(fieldInvalid(newPath('fieldManager'), manager, 'must only contain printable characters'));
  const validation = q.get('fieldValidation') ?? '';
  if (!['', 'Ignore', 'Warn', 'Strict'].includes(validation)) {
    errs.push(fieldNotSupported(newPath('fieldValidation'), validation, ['Ignore', 'Strict', 'Warn']));
  }
  if (patch && q.has('force')) {
    errs.push(fieldForbidden(newPath('force'), 'may not be specified for non-apply patch'));
  }
  return errs;
}

/** Decodes and validates CreateOptions/UpdateOptions/PatchOptions (422 `<Kind>.meta.k8s.io "" is invalid`). */
export function writeOptionsOf(q: URLSearchParams, kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions'): WriteOptions {
  const dryRun = q.getAll('dryRun');
  const errs = writeOptionErrors(q, dryRun, kind === 'PatchOptions');
  if (errs.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind }, '', errs);
  const validation = q.get('fieldValidation') ?? '';
  return {
    dryRun,
    fieldManager: q.get('fieldManager') ?? '',
    fieldValidation: isFieldValidation(validation) ? validation : 'Warn',
  };
}

/** The metav1 CreateOptions/UpdateOptions object handed to storage. */
export function toMetaWriteOptions(o: WriteOptions): CreateOptions {
  return {
    ...(o.dryRun.length > 0 ? { dryRun: o.dryRun } : {}),
    ...(o.fieldManager === '' ? {} : { fieldManager: o.fieldManager }),
    fieldValidation: o.fieldValidation,
  };
}

/** Decodes DeleteOptions from the query (used when the request has no body). */
export function deleteOptionsFromQuery(q: URLSearchParams): DeleteOptions {
  const grace = q.get('gracePeriodSeconds');
  const orphan = q.get('orphanDependents');
  const policy = q.get('propagationPolicy');
  const dryRun = q.getAll('dryRun');
  return {
    ...(grace === null ? {} : { gracePeriodSeconds: queryInt('gracePeriodSeconds', grace) }),
    ...(orphan === null ? {} : { orphanDependents: queryBool(orphan) }),
    ...(policy === null ? {} : { propagationPolicy: policy }),
    ...(dryRun.length > 0 ? { dryRun } : {}),
  };
}

/** `ValidateDeleteOptions` (422 `DeleteOptions.meta.k8s.io "" is invalid`). */
export function validateDeleteOptions(o: DeleteOptions): void {
  const errs: FieldError[] = [];
  if (o.orphanDependents !== undefined && o.propagationPolicy !== undefined) {
    errs.push(fieldInvalid(newPath('propagationPolicy'), o.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  const policy = o.propagationPolicy;
  if (policy !== undefined && !['Foreground', 'Background', 'Orphan'].includes(policy)) {
    errs.push(fieldNotSupported(newPath('propagationPolicy'), policy, ['Foreground', 'Background', 'Orphan', 'nil']));
  }
  for (const d of o.dryRun ?? []) if (d !== 'All') errs.push(fieldNotSupported(newPath('dryRun'), d, ['All']));
  errs.push(...validateNonnegativeField(o.gracePeriodSeconds, newPath('gracePeriodSeconds')));
  if (errs.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', errs);
}

/** Field labels every kind supports (`runtime.DefaultMetaV1FieldSelectorConversion`). */
export const DEFAULT_FIELD_LABELS: readonly string[] = ['metadata.name', 'metadata.namespace'];

/**
 * A kind's own field label conversion (upstream's `AddFieldLabelConversionFunc`, or `ConvertFieldLabel` of a converter
 * that is not the scheme's, as the custom resource converter): whether it accepts `label`, or the label it stands for
 * (Pod's legacy `spec.host` is `spec.nodeName`); every label it refuses is `field label not supported`,
 * `metadata.name` and `metadata.namespace` included.
 */
export type FieldLabelConversion = (label: string) => boolean | string;

/**
 * The conversion of a kind whose own func accepts exactly `labels` (upstream's `AddFieldLabelConversionFunc` with a
 * `switch` of them, e.g. Node's `metadata.name` and `spec.unschedulable`): the metadata labels only when listed;
 * `renames` maps a legacy label to the one it stands for.
 */
export function fieldLabelConversionOf(labels: readonly string[], renames: Readonly<Record<string, string>> = {}): FieldLabelConversion {
  const accepted = new Set(labels);
  return (label) => (Object.hasOwn(renames, label) ? (renames[label] as string) : accepted.has(label));
}

/** The field labels of a kind: extra labels beside {@link DEFAULT_FIELD_LABELS}, or its own conversion. */
export type FieldLabels = readonly string[] | FieldLabelConversion;

function fieldSelectorOf(text: string, labels: FieldLabels) {
  const selector = parseFieldSelector(text);
  if (typeof labels === 'function') {
    // `Transform` with the kind's conversion, as the list and watch handlers convert each term upstream.
    return selector.transform((field, value) => {
      const converted = labels(field);
      if (converted === false) throw newBadRequest(`field label not supported: ${field}`);
      return [converted === true ? field : converted, value];
    });
  }
  for (const r of selector.requirements()) {
    if (DEFAULT_FIELD_LABELS.includes(r.field) || labels.includes(r.field)) continue;
    // A kind with its own conversion func answers upstream's `field label not supported`.
    if (labels.length > 0) throw newBadRequest(`field label not supported: ${r.field}`);
    throw newBadRequest(`${JSON.stringify(r.field)} is not a known field selector: only "metadata.name", "metadata.namespace"`);
  }
  return selector;
}

/** Decodes ListOptions from the query, parses selectors and validates (400 on bad values, 422 on bad combinations). */
export function listOptionsOf(q: URLSearchParams, forceWatch = false, fieldLabels: FieldLabels = []): InternalListOptions {
  const get = (k: string): string | undefined => q.get(k) ?? undefined;
  const label = get('labelSelector');
  const field = get('fieldSelector');
  const match = q.get('resourceVersionMatch') ?? '';
  const opts: InternalListOptions = {
    ...(label ? { labelSelector: parseLabelSelector(label) } : {}),
    ...(field ? { fieldSelector: fieldSelectorOf(field, fieldLabels) } : {}),
    watch: forceWatch || (q.has('watch') && queryBool(q.get('watch') ?? '')),
    ...(q.has('allowWatchBookmarks') ? { allowWatchBookmarks: queryBool(q.get('allowWatchBookmarks') ?? '') } : {}),
    ...(q.has('resourceVersion') ? { resourceVersion: q.get('resourceVersion') ?? '' } : {}),
    ...(isResourceVersionMatch(match) && match !== '' ? { resourceVersionMatch: match } : {}),
    ...(q.has('timeoutSeconds') ? { timeoutSeconds: queryInt('timeoutSeconds', q.get('timeoutSeconds') ?? '') } : {}),
    ...(q.has('limit') ? { limit: queryInt('limit', q.get('limit') ?? '') } : {}),
    ...(q.has('continue') ? { continue: q.get('continue') ?? '' } : {}),
    ...(q.has('sendInitialEvents') ? { sendInitialEvents: queryBool(q.get('sendInitialEvents') ?? '') } : {}),
  };
  assertValidListOptions({ ...opts, resourceVersionMatch: match });
  return opts;
}
