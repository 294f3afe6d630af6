/**
 * Query parameter docs per verb: the fields of the versioned options kinds (`AddObjectParams` over
 * ListOptions, CreateOptions, UpdateOptions, PatchOptions, DeleteOptions), in Go struct order.
 */
import { queryParameter, type Parameter } from '@apiserver/restful';

/** One documented query parameter. */
export interface QueryParamDoc {
  /** Parameter name (the json name of the options field). */
  readonly name: string;
  /** Swagger data type. */
  readonly type: 'string' | 'boolean' | 'integer';
  /** Description shown in OpenAPI. */
  readonly description: string;
}

const p = (name: string, type: QueryParamDoc['type'], description: string): QueryParamDoc => ({ name, type, description });

/** `pretty`, present on every non-CONNECT route. */
export const prettyParam = p(
  'pretty',
  'string',
  "If 'true', then the output is pretty printed. Defaults to 'false' unless the user-agent indicates a browser or command-line HTTP tool (curl and wget).",
);

const dryRun = p(
  'dryRun',
  'string',
  'When present, indicates that modifications should not be persisted. An invalid or unrecognized dryRun directive will result in an error response and no further processing of the request. Valid values are: - All: all dry run stages will be processed',
);
const fieldManager = p(
  'fieldManager',
  'string',
  'fieldManager is a name associated with the actor or entity that is making these changes. The value must be less than or 128 characters long, and only contain printable characters, as defined by https://golang.org/pkg/unicode/#IsPrint.',
);
const fieldValidation = p(
  'fieldValidation',
  'string',
  'fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore - Warn (default) - Strict',
);

/** ListOptions fields (LIST, WATCH, WATCHLIST). */
export const listParams: readonly QueryParamDoc[] = [
  p('labelSelector', 'string', 'A selector to restrict the list of returned objects by their labels. Defaults to everything.'),
  p('fieldSelector', 'string', 'A selector to restrict the list of returned objects by their fields. Defaults to everything.'),
  p('watch', 'boolean', 'Watch for changes to the described resources and return them as a stream of add, update, and remove notifications. Specify resourceVersion.'),
  p('allowWatchBookmarks', 'boolean', 'allowWatchBookmarks requests watch events with type "BOOKMARK". Servers that do not implement bookmarks may ignore this flag.'),
  p('resourceVersion', 'string', 'resourceVersion sets a constraint on what resource versions a request may be served from. Defaults to unset.'),
  p('resourceVersionMatch', 'string', 'resourceVersionMatch determines how resourceVersion is applied to list calls. Defaults to unset.'),
  p('timeoutSeconds', 'integer', 'Timeout for the list/watch call. This limits the duration of the call, regardless of any activity or inactivity.'),
  p('limit', 'integer', 'limit is a maximum number of responses to return for a list call.'),
  p('continue', 'string', 'The continue option should be set when retrieving more results from the server.'),
  p('sendInitialEvents', 'boolean', 'sendInitialEvents=true may be set together with watch=true. In that case, the watch stream will begin with synthetic events to produce the current state of objects in the collection.'),
];

/** CreateOptions / UpdateOptions fields (POST, PUT). */
export const createParams: readonly QueryParamDoc[] = [dryRun, fieldManager, fieldValidation];

/** PatchOptions fields (PATCH). */
export const patchParams: readonly QueryParamDoc[] = [
  dryRun,
  p('force', 'boolean', 'Force is going to "force" Apply requests. It means user will re-acquire conflicting fields owned by other people. Force flag must be unset for non-apply patch requests.'),
  fieldManager,
  fieldValidation,
];

/** DeleteOptions fields (DELETE, DELETECOLLECTION). */
export const deleteParams: readonly QueryParamDoc[] = [
  p('gracePeriodSeconds', 'integer', 'The duration in seconds before the object should be deleted. Value must be non-negative integer. The value zero indicates delete immediately.'),
  p('orphanDependents', 'boolean', 'Deprecated: please use the PropagationPolicy, this field will be deprecated in 1.7. Should the dependent objects be orphaned.'),
  p('propagationPolicy', 'string', "Whether and how garbage collection will be performed. Acceptable values are: 'Orphan', 'Background', 'Foreground'."),
  dryRun,
  p('ignoreStoreReadErrorWithClusterBreakingPotential', 'boolean', 'if set to true, it will trigger an unsafe deletion of the resource in case the normal deletion flow fails with a corrupt object error.'),
];

/** ListOptions fields accepted by DELETECOLLECTION (all but `watch` and `allowWatchBookmarks`). */
export const deleteCollectionListParams: readonly QueryParamDoc[] = listParams.filter(
  (q) => q.name !== 'watch' && q.name !== 'allowWatchBookmarks',
);

/** The Parameter made for each doc: every route documenting it shares it (see {@link toQueryParameter}). */
const parameters = new WeakMap<QueryParamDoc, Parameter>();

/**
 * The restful Parameter of a documented query parameter: one per doc, shared by the routes that document it (about
 * 4,500 query parameters in kube-lite's ~700 routes come from a dozen docs), as apiextensions' routes share those of
 * the routes they copy. Nothing changes a query parameter once its route is built; the installer's one change, the
 * body parameter's `required`, is to a parameter made per route.
 */
export function toQueryParameter(doc: QueryParamDoc): Parameter {
  let parameter = parameters.get(doc);
  if (parameter === undefined) {
    parameter = queryParameter(doc.name, doc.description).dataType(doc.type).required(false);
    parameters.set(doc, parameter);
  }
  return parameter;
}
