/**
 * Scheme: the registry of kinds per group/version, each with its schema, a constructor, defaulting and
 * conversion hooks (apimachinery `runtime.Scheme`, reduced to what an API server needs).
 */
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import Value from 'typebox/value';
import { node, X_GVK } from '../schema/extensions.js';
import { isRecord } from '../serializer/go-json.js';
import type { APILifecycle } from './api-lifecycle.js';
import { chunkedCheck } from './chunked-check.js';
import type { SlicedPass } from './time-slice.js';
import {
  formatGroupVersion,
  type GroupVersion,
  type GroupVersionKind,
  gvkKey,
  parseGroupVersion,
} from './group-version.js';
import { MissingKindError, MissingVersionError, NotRegisteredError, SchemeError } from './scheme-errors.js';

/** Any API object as a plain JSON-compatible record. */
export type KubeObject = Record<string, unknown>;

/** Defaulting hook: fills unset fields of an object in place. */
export type DefaultingFunc = (obj: KubeObject) => void;

/** Conversion hook: returns the object converted to the target kind (without apiVersion/kind, they are set). */
export type ConversionFunc = (obj: KubeObject) => KubeObject;

/** One registered kind. */
export interface KindRegistration {
  /** The kind's group, version and name. */
  readonly gvk: GroupVersionKind;
  /** The kind's schema. */
  readonly schema: TSchema;
}

/**
 * The Go types behind a registered kind, named as Go's reflection prints them (`v1.Secret`, `core.ConfigMap`):
 * upstream's decode errors name them.
 */
export interface GoTypeNames {
  /** The versioned type a body of the kind decodes into: its schema's home version, then the kind (`v1.Secret`). */
  readonly versioned: string;
  /**
   * The internal type the versioned one converts to (`core.ConfigMap`); undefined for kinds of a group with no
   * internal package recorded (meta kinds, discovery), which convert to no resource type.
   */
  readonly internal: string | undefined;
}

/** One schema validation problem. */
export interface SchemaViolation {
  /** JSON pointer of the offending value, e.g. `/metadata/name`. */
  readonly path: string;
  /** What is wrong. */
  readonly message: string;
}

/** Thrown when no conversion between two kinds is registered. */
export class ConversionError extends SchemeError {
  constructor(from: GroupVersionKind, to: GroupVersion) {
    super(`converting (${formatGroupVersion(from)}, Kind=${from.kind}) to ${formatGroupVersion(to)}: no conversion`);
    this.name = 'ConversionError';
  }
}

/** Reads the group/version/kind an object schema declares in `x-kubernetes-group-version-kind`. */
export function declaredKindOf(schema: TSchema): GroupVersionKind | undefined {
  const list = node(schema)[X_GVK];
  if (!Array.isArray(list)) return undefined;
  const first: unknown = list[0];
  if (!isRecord(first)) return undefined;
  const { group, version, kind } = first;
  if (typeof group !== 'string' || typeof version !== 'string' || typeof kind !== 'string') return undefined;
  return { group, version, kind };
}

/** The violations TypeBox lists for an invalid object. */
function violations(schema: TSchema, obj: KubeObject): SchemaViolation[] {
  return [...Value.Errors(schema, obj)].map((e) => ({ path: e.instancePath, message: e.message }));
}

/** The registry of kinds, with defaulting and conversion hooks. */
export class Scheme {
  readonly #name: string;
  readonly #kinds = new Map<string, KindRegistration>();
  /**
   * Registrations found by {@link Scheme.lookup}, by kind, group and version: three lookups of the strings a
   * request carries instead of building the `gvkKey` text each time. Cleared when a kind is registered.
   */
  readonly #found = new Map<string, Map<string, Map<string, KindRegistration>>>();
  /** Parsed apiVersions of {@link Scheme.objectKind} (a pure function of the text), cleared past 256 entries. */
  readonly #groupVersions = new Map<string, GroupVersion>();
  readonly #defaulters = new Map<string, DefaultingFunc[]>();
  readonly #conversions = new Map<string, ConversionFunc>();
  readonly #lifecycles = new Map<string, APILifecycle>();
  /** The `group/version` texts that have at least one registered kind. */
  readonly #registeredGroupVersions = new Set<string>();
  /** Go package of each group's internal types (`core` for the legacy group). */
  readonly #internalPackages = new Map<string, string>();
  /** Compiled checks per schema, built on first use (a valid object is checked in one pass; errors are only listed for invalid ones). */
  readonly #validators = new Map<TSchema, Validator>();

  /** Creates an empty scheme; `name` appears in NotRegistered messages. */
  constructor(name = 'apiserver') {
    this.#name = name;
  }

  /** The name NotRegistered messages give (Go: the file and line that created the scheme). */
  get name(): string {
    return this.#name;
  }

  /** Registers a kind; the GVK defaults to the schema's `x-kubernetes-group-version-kind`. */
  addKnownType(schema: TSchema, gvk: GroupVersionKind | undefined = declaredKindOf(schema)): this {
    if (gvk === undefined) throw new SchemeError('addKnownType: schema declares no x-kubernetes-group-version-kind');
    this.#kinds.set(gvkKey(gvk), { gvk: { group: gvk.group, version: gvk.version, kind: gvk.kind }, schema });
    this.#registeredGroupVersions.add(formatGroupVersion(gvk));
    this.#found.clear();
    return this;
  }

  /** True when at least one kind is registered in the group/version. */
  recognizesGroupVersion(gv: GroupVersion): boolean {
    return this.#registeredGroupVersions.has(formatGroupVersion(gv));
  }

  /**
   * Records the Go package of a group's internal types (`core`, `apps`, `rbac`; `core` for events.k8s.io, whose Event
   * converts into `core.Event`): see {@link Scheme.goTypeNames}.
   */
  setInternalPackage(group: string, goPackage: string): this {
    this.#internalPackages.set(group, goPackage);
    return this;
  }

  /**
   * The Go types behind a registered kind, or undefined when the kind is not registered. Two kinds convert into each
   * other when their internal types are the same.
   */
  goTypeNames(gvk: GroupVersionKind): GoTypeNames | undefined {
    const reg = this.lookup(gvk);
    if (reg === undefined) return undefined;
    const home = declaredKindOf(reg.schema) ?? reg.gvk;
    const pkg = this.#internalPackages.get(gvk.group);
    return {
      versioned: `${home.version}.${gvk.kind}`,
      internal: pkg === undefined ? undefined : `${pkg}.${gvk.kind}`,
    };
  }

  /** Registers several kinds by their declared GVKs. */
  addKnownTypes(...schemas: TSchema[]): this {
    for (const s of schemas) this.addKnownType(s);
    return this;
  }

  /** Adds a defaulting hook for a kind (hooks run in registration order). */
  addDefaultingFunc(gvk: GroupVersionKind, fn: DefaultingFunc): this {
    const key = gvkKey(gvk);
    this.#defaulters.set(key, [...(this.#defaulters.get(key) ?? []), fn]);
    return this;
  }

  /** Records that a kind is deprecated (and when it is removed, what replaces it): the Go type's lifecycle methods. */
  setAPILifecycle(gvk: GroupVersionKind, lifecycle: APILifecycle): this {
    this.#lifecycles.set(gvkKey(gvk), lifecycle);
    return this;
  }

  /** The lifecycle recorded for a kind, if it is deprecated. */
  apiLifecycle(gvk: GroupVersionKind): APILifecycle | undefined {
    return this.#lifecycles.get(gvkKey(gvk));
  }

  /** Adds a conversion hook from one kind to another version of it (or another kind). */
  addConversionFunc(from: GroupVersionKind, to: GroupVersionKind, fn: ConversionFunc): this {
    this.#conversions.set(`${gvkKey(from)}->${gvkKey(to)}`, fn);
    return this;
  }

  /** True when the kind is registered. */
  recognizes(gvk: GroupVersionKind): boolean {
    return this.lookup(gvk) !== undefined;
  }

  /** The registration of a kind, or undefined. */
  lookup(gvk: GroupVersionKind): KindRegistration | undefined {
    const { group, version, kind } = gvk;
    const found = this.#found.get(kind)?.get(group)?.get(version);
    if (found !== undefined) return found;
    const reg = this.#kinds.get(gvkKey(gvk));
    if (reg !== undefined) this.#remember(group, version, kind, reg);
    return reg;
  }

  #remember(group: string, version: string, kind: string, reg: KindRegistration): void {
    let groups = this.#found.get(kind);
    if (groups === undefined) this.#found.set(kind, (groups = new Map()));
    let versions = groups.get(group);
    if (versions === undefined) groups.set(group, (versions = new Map()));
    versions.set(version, reg);
  }

  /** The schema of a kind; throws NotRegisteredError for unknown kinds. */
  schemaFor(gvk: GroupVersionKind): TSchema {
    const reg = this.lookup(gvk);
    if (reg === undefined) throw new NotRegisteredError(gvk, this.#name);
    return reg.schema;
  }

  /** All registered kinds, optionally only those of one group/version, in registration order. */
  knownKinds(gv?: GroupVersion): GroupVersionKind[] {
    const all = [...this.#kinds.values()].map((r) => r.gvk);
    return gv === undefined ? all : all.filter((k) => k.group === gv.group && k.version === gv.version);
  }

  /** Every GVK registered with this exact schema (a schema may serve several group/versions). */
  kindsOf(schema: TSchema): GroupVersionKind[] {
    return [...this.#kinds.values()].filter((r) => r.schema === schema).map((r) => r.gvk);
  }

  /** A new, empty object of a kind with `kind` and `apiVersion` set. */
  new(gvk: GroupVersionKind): KubeObject {
    this.schemaFor(gvk);
    return { kind: gvk.kind, apiVersion: formatGroupVersion(gvk) };
  }

  /** Resolves the GVK of a body from its `apiVersion` and `kind`; throws a SchemeError when unknown. */
  objectKind(obj: KubeObject): GroupVersionKind {
    const { kind, apiVersion } = obj;
    if (typeof kind !== 'string' || kind === '') throw new MissingKindError(JSON.stringify(obj) ?? '');
    if (typeof apiVersion !== 'string' || apiVersion === '') throw new MissingVersionError(JSON.stringify(obj) ?? '');
    // Spelled out: a spread of the cached GroupVersion plus `kind` takes V8's slow property addition on Node 20
    // (see util/extensible-copy.ts), about a microsecond per call.
    const { group, version } = this.#groupVersionOf(apiVersion);
    const gvk = { group, version, kind };
    if (!this.recognizes(gvk)) throw new NotRegisteredError(gvk, this.#name);
    return gvk;
  }

  /** `parseGroupVersion`, remembered; a malformed apiVersion throws as it does. */
  #groupVersionOf(apiVersion: string): GroupVersion {
    let gv = this.#groupVersions.get(apiVersion);
    if (gv === undefined) {
      gv = parseGroupVersion(apiVersion);
      if (this.#groupVersions.size >= 256) this.#groupVersions.clear();
      this.#groupVersions.set(apiVersion, gv);
    }
    return gv;
  }

  /**
   * Runs the defaulting hooks registered for the object's kind, in place. As upstream's `Scheme.Default`, a kind
   * with no hooks, one the scheme does not know, or an object without a kind or a parsable apiVersion is left alone.
   */
  default(obj: KubeObject): void {
    const { kind, apiVersion } = obj;
    if (this.#defaulters.size === 0 || typeof kind !== 'string' || typeof apiVersion !== 'string') return;
    let gv: GroupVersion;
    try {
      gv = this.#groupVersionOf(apiVersion);
    } catch {
      return;
    }
    for (const fn of this.#defaulters.get(gvkKey({ group: gv.group, version: gv.version, kind })) ?? []) fn(obj);
  }

  /** Checks an object against its kind's schema and lists the violations (empty when valid). */
  validate(obj: KubeObject): SchemaViolation[] {
    const schema = this.schemaFor(this.objectKind(obj));
    // The compiled check is several times faster than listing errors; listing is only needed when it fails.
    if (this.#validatorOf(schema).Check(obj)) return [];
    return violations(schema, obj);
  }

  /**
   * {@link Scheme.validate} as a sliced pass (issue #19): the same violations; a large collection of the object is
   * checked a chunk at a time (see chunked-check.ts), yielding between chunks.
   */
  *validateSteps(obj: KubeObject): SlicedPass<SchemaViolation[]> {
    const schema = this.schemaFor(this.objectKind(obj));
    const validator = this.#validatorOf(schema);
    const valid = yield* chunkedCheck(schema, obj, (v) => validator.Check(v));
    if (valid === true) return [];
    return valid === false ? violations(schema, obj) : this.validate(obj);
  }

  #validatorOf(schema: TSchema): Validator {
    let validator = this.#validators.get(schema);
    if (validator === undefined) {
      validator = Compile(schema);
      this.#validators.set(schema, validator);
    }
    return validator;
  }

  /** Converts an object to another version of its group (same kind unless a hook maps it elsewhere). */
  convertToVersion(obj: KubeObject, target: GroupVersion | string): KubeObject {
    const to = typeof target === 'string' ? parseGroupVersion(target) : target;
    const from = this.objectKind(obj);
    if (from.group === to.group && from.version === to.version) return structuredClone(obj);
    const toKind = { ...to, kind: from.kind };
    const fn = this.#conversions.get(`${gvkKey(from)}->${gvkKey(toKind)}`);
    if (fn === undefined || !this.recognizes(toKind)) throw new ConversionError(from, to);
    const { kind: _k, apiVersion: _v, ...rest } = fn(structuredClone(obj));
    return { kind: toKind.kind, apiVersion: formatGroupVersion(to), ...rest };
  }
}
