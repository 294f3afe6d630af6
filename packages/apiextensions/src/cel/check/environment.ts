/**
 * What the checker's environment declares besides variables: its options (the function signatures, homogeneous
 * literals), the identifiers that name types (`type(x) == int`), and the types of literals.
 *
 * @module
 */
import {
  BOOL,
  BYTES,
  type CelType,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  listOf,
  mapOf,
  NULL,
  optionalOf,
  STRING,
  TIMESTAMP,
  typeOf,
  UINT,
} from './cel-type.js';
import { declare, type FunctionDecls } from './function-decl.js';
import { kubernetesDecls } from './kubernetes-decls.js';
import { standardDecls } from './standard-decls.js';

/** How the checker is configured (cel-go environment options). */
export interface CheckerOptions {
  /** The function signatures calls are resolved against. */
  readonly decls: FunctionDecls;
  /** `HomogeneousAggregateLiterals`: list and map literals mixing types are an error (else `list(dyn)`). */
  readonly homogeneousAggregateLiterals: boolean;
}

/** Kubernetes' environment: the standard library with cross-type numeric comparisons, the libraries, homogeneous literals. */
export const KUBERNETES_CHECKER_OPTIONS: CheckerOptions = {
  decls: declare(standardDecls(true), kubernetesDecls),
  homogeneousAggregateLiterals: true,
};

/** Identifiers that name types, as `type(x) == int` reads them. */
export const TYPE_IDENTS: ReadonlyMap<string, CelType> = new Map<string, CelType>([
  ['bool', typeOf(BOOL)],
  ['bytes', typeOf(BYTES)],
  ['double', typeOf(DOUBLE)],
  ['int', typeOf(INT)],
  ['string', typeOf(STRING)],
  ['uint', typeOf(UINT)],
  ['null_type', typeOf(NULL)],
  ['dyn', typeOf(DYN)],
  ['type', typeOf(typeOf())],
  ['list', typeOf(listOf(DYN))],
  ['map', typeOf(mapOf(DYN, DYN))],
  ['duration', typeOf(DURATION)],
  ['timestamp', typeOf(TIMESTAMP)],
  ['google.protobuf.Duration', typeOf(DURATION)],
  ['google.protobuf.Timestamp', typeOf(TIMESTAMP)],
  ['optional_type', typeOf(optionalOf(DYN))],
]);

/** The type of a literal, by its `constantKind` case. */
export const CONSTANT_TYPES: Readonly<Record<string, CelType>> = {
  boolValue: BOOL,
  int64Value: INT,
  uint64Value: UINT,
  doubleValue: DOUBLE,
  stringValue: STRING,
  bytesValue: BYTES,
  nullValue: NULL,
};

