/**
 * `planActions`: the routes a resource gets from its capabilities (installer.go's two `appendIf` ladders as one
 * table; the namespaced and cluster variants differ only by the scope's prefix).
 */
import type { Action, ActionVerb, PathParamName } from './action.js';
import type { ResourceScope } from './scope.js';

/** What a storage can do, as far as route planning is concerned. */
export interface ActionCapabilities {
  /** rest.Lister. */
  readonly lister: boolean;
  /** rest.Creater or rest.NamedCreater. */
  readonly creater: boolean;
  /** rest.CollectionDeleter. */
  readonly collectionDeleter: boolean;
  /** rest.Watcher. */
  readonly watcher: boolean;
  /** rest.Getter or rest.GetterWithOptions. */
  readonly getter: boolean;
  /** GetterWithOptions asking for a `{path:*}` subpath. */
  readonly getSubpath: boolean;
  /** rest.Updater. */
  readonly updater: boolean;
  /** rest.Patcher (Getter + Updater). */
  readonly patcher: boolean;
  /** rest.GracefulDeleter. */
  readonly gracefulDeleter: boolean;
  /** rest.Connecter. */
  readonly connecter: boolean;
  /** Connecter asking for a `{path:*}` subpath. */
  readonly connectSubpath: boolean;
}

/** A storage path split into resource and optional subresource. */
export interface ResourcePath {
  /** Plural resource name, e.g. `pods`. */
  readonly resource: string;
  /** Subresource, e.g. `status`; empty for the main resource. */
  readonly subresource: string;
}

type Place = 'collection' | 'item' | 'watchCollection' | 'watchItem' | 'itemPath';

interface PlanRow {
  readonly verb: ActionVerb;
  readonly at: Place;
  readonly when: (c: ActionCapabilities) => boolean;
}

/** The per-scope rows, in installer.go order (go-restful route order matters for matching). */
const rows: readonly PlanRow[] = [
  { verb: 'LIST', at: 'collection', when: (c) => c.lister },
  { verb: 'POST', at: 'collection', when: (c) => c.creater },
  { verb: 'DELETECOLLECTION', at: 'collection', when: (c) => c.collectionDeleter },
  { verb: 'WATCHLIST', at: 'watchCollection', when: (c) => c.watcher && c.lister },
  { verb: 'GET', at: 'item', when: (c) => c.getter },
  { verb: 'GET', at: 'itemPath', when: (c) => c.getter && c.getSubpath },
  { verb: 'PUT', at: 'item', when: (c) => c.updater },
  { verb: 'PATCH', at: 'item', when: (c) => c.patcher },
  { verb: 'DELETE', at: 'item', when: (c) => c.gracefulDeleter },
  { verb: 'WATCH', at: 'watchItem', when: (c) => c.watcher },
  { verb: 'CONNECT', at: 'item', when: (c) => c.connecter },
  { verb: 'CONNECT', at: 'itemPath', when: (c) => c.connecter && c.connectSubpath },
];


/** Plans the actions of one storage path in one scope. */
export function planActions(path: ResourcePath, scope: ResourceScope, caps: ActionCapabilities): Action[] {
  const sub = path.subresource === '' ? '' : `/${path.subresource}`;
  const item = scope.prefix(`${path.resource}/{name}${sub}`);
  const collection = sub === '' ? scope.prefix(path.resource) : item;
  const collectionParams: readonly PathParamName[] = sub === '' ? scope.params : [...scope.params, 'name'];
  const itemParams: readonly PathParamName[] = [...scope.params, 'name'];
  const places: Record<Place, { path: string; params: readonly PathParamName[] }> = {
    collection: { path: collection, params: collectionParams },
    watchCollection: { path: `watch/${collection}`, params: collectionParams },
    item: { path: item, params: itemParams },
    watchItem: { path: `watch/${item}`, params: itemParams },
    itemPath: { path: `${item}/{path:*}`, params: [...itemParams, 'path'] },
  };
  const actions: Action[] = rows
    .filter((row) => row.when(caps))
    .map((row) => ({ verb: row.verb, ...places[row.at], allNamespaces: false, withPath: row.at === 'itemPath' }));
  if (scope.namespaced && sub === '') {
    if (caps.lister) actions.push({ verb: 'LIST', path: path.resource, params: [], allNamespaces: true, withPath: false });
    if (caps.lister && caps.watcher) {
      actions.push({ verb: 'WATCHLIST', path: `watch/${path.resource}`, params: [], allNamespaces: true, withPath: false });
    }
  }
  return actions;
}
