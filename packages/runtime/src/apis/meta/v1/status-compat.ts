/**
 * Compile-time proof that the Status schema's static type and the hand-written `Status` interface of the
 * errors module describe the same wire shape (Go: `var _ = ...` assertions). No runtime code.
 */
import type { Status, StatusCause, StatusDetails } from '../../../errors/status.js';
import type { StatusCauseObject, StatusDetailsObject, StatusObject } from './status.js';

type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
type Assert<T extends true> = T;
type Assignable<From, To> = [From] extends [To] ? true : false;
type Body<T> = Omit<T, 'kind' | 'apiVersion' | 'metadata'>;

/** StatusCause both ways. */
export type CauseCompat = [
  Assert<Assignable<StatusCauseObject, StatusCause>>,
  Assert<Assignable<StatusCause, DeepReadonly<StatusCauseObject>>>,
];
/** StatusDetails both ways. */
export type DetailsCompat = [
  Assert<Assignable<StatusDetailsObject, StatusDetails>>,
  Assert<Assignable<StatusDetails, DeepReadonly<StatusDetailsObject>>>,
];
/**
 * Status: the errors module's interface fits the schema type; the schema type fits the interface apart from
 * the TypeMeta/ListMeta header, which the interface pins to the literal `Status`/`v1`/`{}`.
 */
export type StatusCompat = [
  Assert<Assignable<Status, DeepReadonly<StatusObject>>>,
  Assert<Assignable<Body<StatusObject>, Body<Status>>>,
];
