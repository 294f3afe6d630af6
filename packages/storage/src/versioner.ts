/**
 * Resource versions: decimal strings outside, numeric revisions inside (pkg/storage/api_object_versioner.go).
 * @module
 */
import { InvalidError, newInternalError } from './errors.js';
import type { StorageObject } from './object.js';

const maxUint64 = 18446744073709551615n;

/** Sets, reads and parses resource versions of stored objects. */
export interface Versioner {
  /** Sets `metadata.resourceVersion` to `rv` in decimal, or to "" when `rv` is 0 (removes it). */
  updateObject(obj: StorageObject, rv: number): void;
  /** Clears the fields that are never persisted (`resourceVersion`, `selfLink`); mutates `obj`. */
  prepareObjectForStorage(obj: StorageObject): void;
  /** Reads the object's resource version ("" or absent is 0); throws InternalError on garbage. */
  objectResourceVersion(obj: StorageObject): number;
  /** Parses a request resource version ("" and "0" are 0); throws InvalidError on garbage or negatives. */
  parseResourceVersion(rv: string | undefined): number;
}

function parseDecimal(s: string): number | undefined {
  if (!/^[0-9]{1,20}$/.test(s)) return undefined;
  const big = BigInt(s);
  if (big > maxUint64) return undefined;
  return Number(big);
}

/** The standard Versioner for objects with `metadata.resourceVersion` (upstream `APIObjectVersioner`). */
export class APIObjectVersioner implements Versioner {
  /** {@inheritDoc Versioner.updateObject} */
  updateObject(obj: StorageObject, rv: number): void {
    if (rv === 0) {
      delete obj.metadata.resourceVersion;
      return;
    }
    obj.metadata.resourceVersion = String(rv);
  }

  /** {@inheritDoc Versioner.prepareObjectForStorage} */
  prepareObjectForStorage(obj: StorageObject): void {
    delete obj.metadata.resourceVersion;
    delete obj.metadata.selfLink;
  }

  /** {@inheritDoc Versioner.objectResourceVersion} */
  objectResourceVersion(obj: StorageObject): number {
    const rv = obj.metadata.resourceVersion;
    if (rv === undefined || rv === '') return 0;
    const n = parseDecimal(rv);
    if (n === undefined) throw newInternalError(new Error(`invalid resourceVersion ${JSON.stringify(rv)} on object`));
    return n;
  }

  /** {@inheritDoc Versioner.parseResourceVersion} */
  parseResourceVersion(rv: string | undefined): number {
    if (rv === undefined || rv === '' || rv === '0') return 0;
    const n = parseDecimal(rv);
    if (n === undefined) {
      throw new InvalidError([
        { type: 'FieldValueInvalid', field: 'resourceVersion', badValue: rv, detail: 'must be a decimal unsigned 64-bit integer' },
      ]);
    }
    return n;
  }
}

/** The shared versioner instance. */
export const versioner: Versioner = new APIObjectVersioner();

/** Compares two decimal resource versions numerically (negative, 0, positive); throws on garbage. */
export function compareResourceVersion(a: string, b: string): number {
  const x = versioner.parseResourceVersion(a);
  const y = versioner.parseResourceVersion(b);
  return x === y ? 0 : x < y ? -1 : 1;
}
