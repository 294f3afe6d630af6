/**
 * A webhook's clientConfig (k8s.io/apiserver pkg/util/webhook `ValidateWebhookURL`, `ValidateWebhookService`, as
 * pkg/apis/admissionregistration/validation calls them): exactly one of url and service; an https URL with a host,
 * without user information, fragment or query; a service with name, namespace, a valid port and a path of
 * DNS-subdomain segments.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, isDNS1123Subdomain } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../object-fields.js';
import { isValidPortNum } from '../core/pod/port-validation.js';
import { parseGoURL } from './go-url.js';

const FORM = '; desired format: https://host[/path]';

/** `ValidateWebhookURL(path, url, forceHttps)`. */
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
  steps.split('/').forEach((step, i) => {
    if (step === '') {
      errs.push(fieldInvalid(path, urlPath, `segment[${i}] may not be empty`));
      return;
    }
    for (const msg of isDNS1123Subdomain(step)) errs.push(fieldInvalid(path, urlPath, `segment[${i}]: ${msg}`));
  });
  return errs;
}

/** `ValidateWebhookService(path, name, namespace, path, port)` of a (defaulted) service reference. */
export function validateWebhookService(path: FieldPath, service: JSONRecord): FieldError[] {
  const errs: FieldError[] = [];
  if (stringAt(service, 'name') === '') errs.push(fieldRequired(path.child('name'), ''));
  if (stringAt(service, 'namespace') === '') errs.push(fieldRequired(path.child('namespace'), ''));
  const port = typeof service.port === 'number' ? service.port : 0;
  const portErrs = isValidPortNum(port);
  if (portErrs.length > 0) errs.push(fieldInvalid(path.child('port'), port, `port is not valid: ${portErrs.join(', ')}`));
  if (typeof service.path === 'string') errs.push(...validateServicePath(path.child('path'), service.path));
  return errs;
}

/** A webhook's clientConfig: exactly one of url and service, each checked (https forced, as for admission webhooks). */
export function validateClientConfig(clientConfig: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const url = clientConfig?.url;
  const service = recordAt(clientConfig, 'service');
  const hasURL = url !== undefined && url !== null;
  if (hasURL === (service !== undefined)) return [fieldRequired(path, 'exactly one of url or service is required')];
  if (service !== undefined) return validateWebhookService(path.child('service'), service);
  return validateWebhookURL(path.child('url'), typeof url === 'string' ? url : '', true);
}
