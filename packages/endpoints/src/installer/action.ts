/**
 * Actions of the API installer (`installer.go` `action`): one HTTP route to register for a resource, as data.
 */

/** The installer's action verbs (`request.Method*` constants of installer.go). */
export type ActionVerb =
  | 'LIST'
  | 'POST'
  | 'DELETECOLLECTION'
  | 'WATCHLIST'
  | 'GET'
  | 'PUT'
  | 'PATCH'
  | 'DELETE'
  | 'WATCH'
  | 'CONNECT';

/** A path parameter of an action's template. */
export type PathParamName = 'namespace' | 'name' | 'path';

/** One route to install: verb, path template relative to the group-version prefix, and its path params. */
export interface Action {
  /** The action verb. */
  readonly verb: ActionVerb;
  /** Path template relative to the WebService root, e.g. `namespaces/{namespace}/pods/{name}`. */
  readonly path: string;
  /** Path parameters the template carries, in order. */
  readonly params: readonly PathParamName[];
  /** True for the all-namespaces LIST/WATCHLIST of a namespaced resource. */
  readonly allNamespaces: boolean;
  /** True for `{path:*}` routes (get-with-subpath, connect-with-subpath). */
  readonly withPath: boolean;
}

/** Discovery verb of each action (`toDiscoveryKubeVerb`); CONNECT maps through its HTTP methods instead. */
export const discoveryVerbOf: Readonly<Record<Exclude<ActionVerb, 'CONNECT'>, string>> = {
  LIST: 'list',
  POST: 'create',
  DELETECOLLECTION: 'deletecollection',
  WATCHLIST: 'watch',
  GET: 'get',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
  WATCH: 'watch',
};

/** Discovery verb of a CONNECT HTTP method (GET→get, POST→create, …); OPTIONS and HEAD have none. */
export const connectMethodVerb: Readonly<Record<string, string>> = {
  GET: 'get',
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};
