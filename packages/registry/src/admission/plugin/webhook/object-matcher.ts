/**
 * `objectSelector` matching (upstream object `Matcher`): the new or the old object's labels must be selected.
 * @module
 */
import { newInternalError, type StatusError } from '@apiserver/runtime';
import type { ApiObject } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';
import type { WebhookAccessor } from './accessors.js';

function labelsOf(obj: ApiObject | undefined): Record<string, string> | undefined {
  if (obj === undefined || typeof obj.metadata !== 'object' || obj.metadata === null) return undefined;
  return obj.metadata.labels ?? {};
}

/** True when the selector selects the object or the old object; a 500 StatusError for an invalid selector. */
export function matchObjectSelector(hook: WebhookAccessor, a: Attributes): boolean | StatusError {
  let selector: ReturnType<WebhookAccessor['objectSelector']>;
  try {
    selector = hook.objectSelector();
  } catch (err) {
    return newInternalError(err instanceof Error ? err : String(err));
  }
  if (selector.isEmpty()) return true;
  return [a.object, a.oldObject].some((obj) => {
    const labels = labelsOf(obj);
    return labels !== undefined && selector.matches(labels);
  });
}
