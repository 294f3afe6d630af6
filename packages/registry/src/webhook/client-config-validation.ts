/**
 * Validation of a webhook's client configuration (k8s.io/apiserver pkg/util/webhook `ValidateWebhookURL`,
 * `ValidateWebhookService`), shared by admission webhook configurations and CRD conversion webhooks: an https URL
 * with a host and no user information, fragment or query; a service with name, namespace, a port from 1 to 65535
 * and a path of DNS-subdomain segments.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, isDNS1123Subdomain } from '@apiserver/runtime';
import { parseGoURL } from './go-url.js';

const FORM = '; desired format: https://host[/path]';

/** `ValidateWebhookURL(path, url, forceHttps)`: `url` as Go's `url.Parse` reads it. */
export function validateWebhookURL(path: FieldPath, url: string, forceHttps: boolean): FieldError[] {
  const u = parseGoURL(url);
  if (typeof u === 'string') return [fieldRequired(path, `url must be a valid URL: ${u}${FORM}`)];
  const errs: FieldError[] = [];
  if (forceHttps && u.scheme !== 'https') errs.push(fieldInvalid(path, u.scheme, `'https' is the only allowed URL scheme${FORM}`));
  if (u.host === '') errs.push(fieldInvalid(path, u.host, `host must be specified${FORM}`));
  if (u.user !== undefined) errs.push(fieldInvalid(path, u.user, 'user information is not permitted in the URL'));
  if (u.fragment !== '') errs.push(fieldInvalid(path, u.fragment, 'fragments are not permitted in the URL'));
  if (u.rawQuery !== '') errs.push(fieldInvalid(path, u.rawQuery, 'query parameters are not permitted in the URL'));
  return errs;
}

function validateServicePath(path: FieldPath, urlPath: string): FieldError[] {
  if (urlPath === '/' || urlPath === '') return [];
  if (urlPath === '//') return [fieldInvalid(path, urlPath, 'segment[0] may not be empty')];
  const errs: FieldError[] = [];
  if (!urlPath.startsWith('/')) errs.push(fieldInvalid(path, urlPath, "must start with a '/'"));
  let steps = urlPath.slice(1);
  if (steps.endsWith('/')) steps = steps.slice(0, -1);
  for (const [i, step] of steps.split('/').entries()) {
    if (step === '') {
      errs.push(fieldInvalid(path, urlPath, `segment[${i}] may not be empty`));
      continue;
    }
    for (const msg of isDNS1123Subdomain(step)) errs.push(fieldInvalid(path, urlPath, `segment[${i}]: ${msg}`));
  }
  return errs;
}

/** A (defaulted) service reference's parts as `ValidateWebhookService` takes them. */
export interface WebhookServiceFields {
  readonly name: string;
  readonly namespace: string;
  /** The path, or undefined when not set. */
  readonly path: string | undefined;
  readonly port: number;
}

/** `ValidateWebhookService(path, name, namespace, path, port)`. */
export function validateWebhookService(path: FieldPath, service: WebhookServiceFields): FieldError[] {
  const errs: FieldError[] = [];
  if (service.name === '') errs.push(fieldRequired(path.child('name'), ''));
  if (service.namespace === '') errs.push(fieldRequired(path.child('namespace'), ''));
  const { port } = service;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    errs.push(fieldInvalid(path.child('port'), port, 'port is not valid: must be between 1 and 65535, inclusive'));
  }
  if (service.path !== undefined) errs.push(...validateServicePath(path.child('path'), service.path));
  return errs;
}
