/**
 * A binding's params (upstream generic `CollectParams`): none without a paramKind or a paramRef (the policy runs
 * once with null params); by name (a missing object is no params) or by label selector, in `paramRef.namespace`, or
 * the request's namespace for a namespaced paramKind; `parameterNotFoundAction: Deny` turns no params into an
 * error. Params are read from the served storage of their kind.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type LabelSelectorSpec, type LabelsSelector, labelSelectorAsSelector } from '@apiserver/runtime';
import type { ParamKind } from './compiled-policy.js';

/** Where the objects of a paramKind are read. */
export interface ParamStore {
  /** Whether the kind is namespaced. */
  readonly namespaced: boolean;
  /** The object `name` in `namespace` ("" for cluster-scoped), undefined when absent. */
  get(namespace: string, name: string): Promise<ApiObject | undefined>;
  /** The objects of `namespace` ("" for all or cluster-scoped) whose labels `selector` selects. */
  list(namespace: string, selector: LabelsSelector): Promise<ApiObject[]>;
}

/** Finds the store of a paramKind (`group`, `version`, `kind`), undefined when no served resource has that kind. */
export type ParamStoreResolver = (group: string, version: string, kind: string) => ParamStore | undefined;

/** `ParamRef` as stored. */
export interface ParamRef {
  /** One param object by name. */
  readonly name?: string;
  /** The namespace the params are in. */
  readonly namespace?: string;
  /** Params by label selector. */
  readonly selector?: LabelSelectorSpec;
  /** `Allow` or `Deny`: what no params found means. */
  readonly parameterNotFoundAction?: string;
}

/** `[group, version]` of an apiVersion. */
export function splitAPIVersion(apiVersion: string): [string, string] {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
}

/** Go's `GroupVersionKind.String()`: `group/version, Kind=kind`. */
export function gvkString(paramKind: ParamKind): string {
  const [group, version] = splitAPIVersion(paramKind.apiVersion ?? '');
  return `${group}/${version}, Kind=${paramKind.kind ?? ''}`;
}

/** The param with its type set (stored objects may lack apiVersion and kind; CEL expressions read them). */
function typed(obj: ApiObject, paramKind: ParamKind): ApiObject {
  return { ...obj, apiVersion: obj.apiVersion ?? paramKind.apiVersion, kind: obj.kind ?? paramKind.kind } as ApiObject;
}

async function lookup(store: ParamStore, ref: ParamRef, namespace: string): Promise<ApiObject[] | Error> {
  if (ref.name !== undefined && ref.name !== '') {
    if (ref.selector !== undefined) return new Error('paramRef.name and paramRef.selector are mutually exclusive');
    const found = await store.get(namespace, ref.name);
    return found === undefined ? [] : [found];
  }
  if (ref.selector !== undefined) {
    let selector: LabelsSelector;
    try {
      selector = labelSelectorAsSelector(ref.selector);
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
    return store.list(namespace, selector);
  }
  return new Error('one of name or selector must be provided');
}

/**
 * The params to evaluate a binding with (`[null]` when the policy takes none), or the configuration error the
 * failurePolicy then applies to.
 */
export async function collectParams(paramKind: ParamKind | undefined, store: ParamStore | undefined, ref: ParamRef | undefined, requestNamespace: string): Promise<(ApiObject | null)[] | Error> {
  if (paramKind === undefined || ref === undefined) return [null];
  if (store === undefined) return new Error(`paramKind kind \`${gvkString(paramKind)}\` not known`);
  let namespace = '';
  if (store.namespaced) {
    namespace = ref.namespace !== undefined && ref.namespace !== '' ? ref.namespace : requestNamespace;
    if (namespace === '') return new Error('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  } else if (ref.namespace !== undefined && ref.namespace !== '') {
    return new Error('paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
  }
  const params = await lookup(store, ref, namespace);
  if (params instanceof Error) return params;
  if (params.length === 0 && ref.parameterNotFoundAction === 'Deny') return new Error('no params found for policy binding with `Deny` parameterNotFoundAction');
  return params.map((p) => typed(p, paramKind));
}
