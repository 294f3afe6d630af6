/**
 * `ValidateListOptions` (`apis/meta/internalversion/validation`): the checks of
 * `resourceVersionMatch`, `continue` and `sendInitialEvents` a list or watch request passes
 * before it reaches storage. The handler answers failures as 422 `ListOptions.meta.k8s.io "" is invalid: …`.
 *
 * @module
 */
import { newInvalid } from '../errors/factories.js';
import type { StatusError } from '../errors/status-error.js';
import { type FieldError, forbidden, notSupported } from './field/errors.js';
import { newPath } from './field/path.js';

/** The list options the validation reads (structurally a subset of `metav1.ListOptions`). */
export interface ListOptionsToValidate {
  /** True for a watch request. */
  readonly watch?: boolean;
  /** The requested resourceVersion (`''` when unset). */
  readonly resourceVersion?: string;
  /** `Exact`, `NotOlderThan` or `''`. */
  readonly resourceVersionMatch?: string;
  /** The continue token (`''` when unset). */
  readonly continue?: string;
  /** Set (true or false) when the client sent `sendInitialEvents`. */
  readonly sendInitialEvents?: boolean;
}

/** Options of {@link validateListOptions}. */
export interface ValidateListOptionsConfig {
  /** Whether the `WatchList` feature gate is on (default true, as in Kubernetes 1.32). */
  readonly watchListEnabled?: boolean;
}

const matchPath = (): ReturnType<typeof newPath> => newPath('resourceVersionMatch');

function validateWatchOptions(o: ListOptionsToValidate, watchListEnabled: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const match = o.resourceVersionMatch ?? '';
  if (o.sendInitialEvents !== undefined) {
    if (match !== 'NotOlderThan') {
      errs.push(forbidden(matchPath(), 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
    }
    if (!watchListEnabled) {
      errs.push(
        forbidden(newPath('sendInitialEvents'), 'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'),
      );
    }
  }
  if (match !== '') {
    if (o.sendInitialEvents === undefined) {
      errs.push(forbidden(matchPath(), 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    }
    if (match !== 'NotOlderThan') errs.push(notSupported(matchPath(), match, ['NotOlderThan']));
    if ((o.continue ?? '') !== '') {
      errs.push(forbidden(matchPath(), 'resourceVersionMatch is forbidden when continue is provided'));
    }
  }
  return errs;
}

/** Validates list or watch options as `ValidateListOptions`; returns the field errors. */
export function validateListOptions(o: ListOptionsToValidate, config: ValidateListOptionsConfig = {}): FieldError[] {
  if (o.watch) return validateWatchOptions(o, config.watchListEnabled ?? true);
  const errs: FieldError[] = [];
  const match = o.resourceVersionMatch ?? '';
  const rv = o.resourceVersion ?? '';
  if (match !== '') {
    if (rv === '') errs.push(forbidden(matchPath(), 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if ((o.continue ?? '') !== '') {
      errs.push(forbidden(matchPath(), 'resourceVersionMatch is forbidden when continue is provided'));
    }
    if (match !== 'Exact' && match !== 'NotOlderThan') {
      errs.push(notSupported(matchPath(), match, ['Exact', 'NotOlderThan', '']));
    }
    if (match === 'Exact' && rv === '0') {
      errs.push(forbidden(matchPath(), 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
    }
  }
  if (o.sendInitialEvents !== undefined) {
    errs.push(forbidden(newPath('sendInitialEvents'), 'sendInitialEvents is forbidden for list'));
  }
  return errs;
}

/**
 * Validates list options and throws the handler's 422 when they fail:
 * `ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: …`.
 * @throws {@link StatusError}
 */
export function assertValidListOptions(o: ListOptionsToValidate, config: ValidateListOptionsConfig = {}): void {
  const errs = validateListOptions(o, config);
  if (errs.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errs);
}
