/**
 * Custom resource converters (`pkg/apiserver/conversion`): `None` only rewrites apiVersion; `Webhook` sends the
 * objects not yet in the desired version to the CRD's conversion webhook, all of a list's in one ConversionReview,
 * and checks what comes back as kube-apiserver does. A failure is a 500 Status with upstream's words,
 * `conversion webhook for <group>/<version>, Kind=<Kind> failed: …`.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { type ApiObject, postWebhook, type ServiceResolver, type WebhookClientConfig } from '@apiserver/registry';
import { StatusError } from '@apiserver/runtime';
import type { CustomResourceDefinition } from '../apis/types.js';
import { isJSONObject } from '../json-value.js';
import { convertedObjectsOf, gvkString, newConversionReview, restoreObjectMeta, validateConvertedObject } from './conversion-review.js';
import { reviewOfAnswer } from './webhook-answer.js';

/** Converts custom resources of one CRD between its versions. */
export interface CRConverter {
  /**
   * Returns `objects` in `desiredAPIVersion` (those already in it unchanged); `list` says they are a list's items
   * (converted together, errors naming the list kind).
   */
  convert(objects: readonly ApiObject[], desiredAPIVersion: string, list: boolean): Promise<ApiObject[]>;
}

/** Settings of conversion webhooks. */
export interface ConversionWebhookOptions {
  /** Where a webhook's Service really is (cluster DNS `https://<name>.<namespace>.svc:<port>` when absent). */
  readonly serviceResolver?: ServiceResolver;
  /** Deadline of one webhook call in milliseconds (kube-apiserver: 30 s). */
  readonly timeoutMillis?: number;
}

/** kube-apiserver's deadline of a conversion webhook call. */
export const DEFAULT_CONVERSION_WEBHOOK_TIMEOUT_MILLIS = 30_000;

/** The `None` strategy (`nopConverter`): objects only get the desired apiVersion. */
export const nopConverter: CRConverter = {
  convert: async (objects, desiredAPIVersion) => objects.map((o) => (o.apiVersion === desiredAPIVersion ? o : { ...o, apiVersion: desiredAPIVersion })),
};

/** The 500 Status of a failed conversion (a plain error in kube-apiserver, so no reason). */
function conversionFailure(message: string): StatusError {
  return new StatusError({ code: 500, message });
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** An object with nothing but apiVersion and kind is converted without a call (`isEmptyUnstructuredObject`). */
function isEmptyObject(obj: ApiObject): boolean {
  const keys = Object.keys(obj);
  return keys.length === 2 && keys.includes('apiVersion') && keys.includes('kind');
}

/** A converted object as an object with a kind (`getRawExtensionObject` decoding into Unstructured). */
function rawObject(value: unknown): Record<string, unknown> {
  if (!isJSONObject(value)) throw new Error(`json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type map[string]interface {}`);
  if (typeof value.kind !== 'string' || value.kind === '') throw new Error(`Object 'Kind' is missing in '${JSON.stringify(value)}'`);
  return value;
}

/** The `Webhook` strategy (`webhookConverter`). */
export class WebhookConverter implements CRConverter {
  readonly #config: WebhookClientConfig;
  readonly #listKind: string;
  readonly #options: ConversionWebhookOptions;

  /** A converter calling the webhook at `config` for custom resources whose list kind is `listKind`. */
  constructor(config: WebhookClientConfig, listKind: string, options: ConversionWebhookOptions = {}) {
    this.#config = config;
    this.#listKind = listKind;
    this.#options = options;
  }

  /** Converts through one webhook call, if any object needs converting. */
  async convert(objects: readonly ApiObject[], desiredAPIVersion: string, list: boolean): Promise<ApiObject[]> {
    const pending = objects.filter((o) => o.apiVersion !== desiredAPIVersion && (list || !isEmptyObject(o)));
    const first = pending[0];
    if (first === undefined) return objects.map((o) => (o.apiVersion === desiredAPIVersion ? o : { ...o, apiVersion: desiredAPIVersion }));
    const subject = gvkString(first.apiVersion ?? '', list ? this.#listKind : (first.kind ?? ''));
    const converted = await this.#call(pending, desiredAPIVersion, subject);
    if (converted.length !== pending.length) {
      throw conversionFailure(`conversion webhook for ${subject} returned ${converted.length} objects, expected ${pending.length}`);
    }
    if (!list) return [this.#checkObject(first, converted[0], desiredAPIVersion, subject)];
    let next = 0;
    return objects.map((o) => (o.apiVersion === desiredAPIVersion ? o : this.#checkItem(o, converted[next], next++, desiredAPIVersion, subject)));
  }

  async #call(objects: readonly ApiObject[], desiredAPIVersion: string, subject: string): Promise<unknown[]> {
    const uid = randomUUID();
    const { serviceResolver, timeoutMillis } = this.#options;
    try {
      const answer = await postWebhook(this.#config, newConversionReview(uid, desiredAPIVersion, objects), {
        timeoutMillis: timeoutMillis ?? DEFAULT_CONVERSION_WEBHOOK_TIMEOUT_MILLIS,
        ...(serviceResolver !== undefined && { resolver: serviceResolver }),
      });
      return convertedObjectsOf(reviewOfAnswer(answer), uid);
    } catch (err) {
      throw conversionFailure(`conversion webhook for ${subject} failed: ${messageOf(err)}`);
    }
  }

  /** The checks of a single object's conversion, in upstream's words. */
  #checkObject(original: ApiObject, value: unknown, desiredAPIVersion: string, subject: string): ApiObject {
    const words: Record<ConvertedProblem['stage'], string> = {
      decode: '',
      groupVersion: `conversion webhook for ${subject} returned invalid object at index 0: `,
      kind: `conversion webhook for ${subject} returned invalid object at index 0: `,
      object: `conversion webhook for ${subject} returned invalid object: `,
      metadata: `conversion webhook for ${subject} returned invalid metadata: `,
    };
    return checkedOrThrow(original, value, desiredAPIVersion, (p) => `${words[p.stage]}${p.detail}`);
  }

  /** The checks of a list item's conversion; as upstream, all but the first name the index after the item's. */
  #checkItem(original: ApiObject, value: unknown, index: number, desiredAPIVersion: string, subject: string): ApiObject {
    const invalid = `conversion webhook for ${subject} returned invalid converted object at index`;
    return checkedOrThrow(original, value, desiredAPIVersion, (p) => {
      if (p.stage === 'decode') return `${invalid} ${index}: ${p.detail}`;
      if (p.stage === 'metadata') return `conversion webhook for ${subject} returned invalid metadata in object at index ${index + 1}: ${p.detail}`;
      return `${invalid} ${index + 1}: ${p.detail}`;
    });
  }
}

/** What is wrong with one converted object, and at which check. */
interface ConvertedProblem {
  readonly stage: 'decode' | 'groupVersion' | 'kind' | 'object' | 'metadata';
  readonly detail: string;
}

/** Checks a converted object against its original and restores its metadata; a problem is thrown as `words` put it. */
function checkedOrThrow(original: ApiObject, value: unknown, desiredAPIVersion: string, words: (p: ConvertedProblem) => string): ApiObject {
  const fail = (stage: ConvertedProblem['stage'], detail: string): never => {
    throw conversionFailure(words({ stage, detail }));
  };
  let raw: Record<string, unknown> = {};
  try {
    raw = rawObject(value);
  } catch (err) {
    fail('decode', messageOf(err));
  }
  if (raw.apiVersion !== desiredAPIVersion) fail('groupVersion', `invalid groupVersion (expected ${desiredAPIVersion}, received ${String(raw.apiVersion ?? '')})`);
  if (raw.kind !== original.kind) fail('kind', `invalid kind (expected ${original.kind ?? ''}, received ${String(raw.kind)})`);
  try {
    validateConvertedObject(original, raw as ApiObject);
  } catch (err) {
    fail('object', messageOf(err));
  }
  try {
    return restoreObjectMeta(original, raw);
  } catch (err) {
    return fail('metadata', messageOf(err));
  }
}

/** The converter of a CRD's `spec.conversion` (`None` when absent). */
export function newCRConverter(crd: CustomResourceDefinition, listKind: string, options: ConversionWebhookOptions = {}): CRConverter {
  const conversion = crd.spec.conversion;
  if (conversion?.strategy !== 'Webhook') return nopConverter;
  const cc = conversion.webhook?.clientConfig ?? {};
  const config: WebhookClientConfig = {
    ...(cc.url !== undefined && { url: cc.url }),
    ...(cc.service !== undefined && { service: { namespace: cc.service.namespace, name: cc.service.name, port: cc.service.port ?? 443, ...(cc.service.path !== undefined && { path: cc.service.path }) } }),
    ...(cc.caBundle !== undefined && { caBundle: cc.caBundle }),
  };
  return new WebhookConverter(config, listKind, options);
}
