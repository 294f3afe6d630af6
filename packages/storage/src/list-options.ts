/**
 * Resolution of list resource-version rules shared by backends (1.32 `resolveGetListRev`, 1.33 `ValidateListOptions`).
 * @module
 */
import { decodeContinue } from './continue.js';
import { InternalError, newBadRequestError, newTooLargeResourceVersionError } from './errors.js';
import type { ListOptions } from './interfaces.js';
import type { StorageObject } from './object.js';
import type { Versioner } from './versioner.js';

/** Where a list must read: revision 0 = latest; `continueKey` = absolute start key of a continued list. */
export interface ResolvedListRevision {
  /** Revision to read at (0 = latest). */
  withRev: number;
  /** Absolute key to start from when continuing. */
  continueKey?: string;
}

function parseOrBadRequest(versioner: Versioner, rv: string): number {
  try {
    return versioner.parseResourceVersion(rv);
  } catch (err) {
    throw newBadRequestError(`invalid resource version: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Applies the list RV table: continue token (recursive only; RV must be ""/"0"), Exact N, NotOlderThan,
 * legacy exact when `recursive && limit > 0 && N > 0`. `keyPrefix` is the list prefix including its trailing `/`.
 * Throws BadRequest for invalid RVs/tokens and InternalError for an unknown match value.
 */
export function resolveListRevision<T extends StorageObject>(
  keyPrefix: string,
  versioner: Versioner,
  opts: ListOptions<T>,
): ResolvedListRevision {
  const token = opts.predicate?.continue ?? '';
  const rv = opts.resourceVersion ?? '';
  if (opts.recursive === true && token !== '') {
    const decoded = decodeContinue(token, keyPrefix);
    if (rv !== '' && rv !== '0') throw newBadRequestError('specifying resource version is not allowed when using continue');
    return { withRev: Math.max(decoded.rv, 0), continueKey: decoded.key };
  }
  if (rv === '') return { withRev: 0 };
  const parsed = parseOrBadRequest(versioner, rv);
  switch (opts.resourceVersionMatch ?? '') {
    case 'NotOlderThan':
      return { withRev: 0 };
    case 'Exact':
      return { withRev: parsed };
    case '':
      return { withRev: opts.recursive === true && (opts.predicate?.limit ?? 0) > 0 && parsed > 0 ? parsed : 0 };
    default:
      throw new InternalError(`unknown ResourceVersionMatch value: ${String(opts.resourceVersionMatch)}`);
  }
}

/** Throws 504 TooLargeResourceVersion if `minimum` (a request RV) is newer than `actual`; "" passes; garbage is a 400. */
export function validateMinimumResourceVersion(versioner: Versioner, minimum: string | undefined, actual: number): void {
  if (minimum === undefined || minimum === '') return;
  const min = parseOrBadRequest(versioner, minimum);
  if (min > actual) throw newTooLargeResourceVersionError(minimum, actual, 0);
}
