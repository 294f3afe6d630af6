/**
 * A webhook's clientConfig as pkg/apis/admissionregistration/validation checks it: exactly one of url and service,
 * each checked by the shared webhook rules of `@apiserver/registry` (https forced).
 * @module
 */
import { validateWebhookService, validateWebhookURL } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldRequired } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../object-fields.js';

/** A webhook's clientConfig: exactly one of url and service, each checked (https forced, as for admission webhooks). */
export function validateClientConfig(clientConfig: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const url = clientConfig?.url;
  const service = recordAt(clientConfig, 'service');
  const hasURL = url !== undefined && url !== null;
  if (hasURL === (service !== undefined)) return [fieldRequired(path, 'exactly one of url or service is required')];
  if (service !== undefined) {
    return validateWebhookService(path.child('service'), {
      name: stringAt(service, 'name'),
      namespace: stringAt(service, 'namespace'),
      path: typeof service.path === 'string' ? service.path : undefined,
      port: typeof service.port === 'number' ? service.port : 0,
    });
  }
  return validateWebhookURL(path.child('url'), typeof url === 'string' ? url : '', true);
}
