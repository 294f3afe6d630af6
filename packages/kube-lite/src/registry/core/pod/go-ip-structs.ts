/**
 * The bad values of the pod status IP errors as Go's `%#v` prints the internal structs upstream passes
 * (`core.PodIP{IP:"10.0.0.1"}`, `[]core.HostIP{…}`), where the runtime's formatter would print JSON.
 * @module
 */
import { duplicateGoRendered, invalidGoRendered } from '@apiserver/registry';
import { type FieldError, type FieldPath, goQuote } from '@apiserver/runtime';

/** The internal struct an address list holds. */
export type IPStructType = 'core.PodIP' | 'core.HostIP';

/** `%#v` of one address struct. */
export function goIPStruct(type: IPStructType, ip: string): string {
  return `${type}{IP:${goQuote(ip)}}`;
}

/** `%#v` of a slice of address structs. */
export function goIPStructs(type: IPStructType, ips: readonly string[]): string {
  return `[]${type}{${ips.map((ip) => goIPStruct(type, ip)).join(', ')}}`;
}

/** `field.Duplicate` of one address struct. */
export function duplicateIPStruct(path: FieldPath, type: IPStructType, ip: string): FieldError {
  return duplicateGoRendered(path, { ip }, goIPStruct(type, ip));
}

/** `field.Invalid` of a whole address list. */
export function invalidIPStructs(path: FieldPath, type: IPStructType, ips: readonly string[], detail: string): FieldError {
  return invalidGoRendered(
    path,
    ips.map((ip) => ({ ip })),
    goIPStructs(type, ips),
    detail,
  );
}
