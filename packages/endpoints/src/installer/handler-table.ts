/**
 * The verb → handler table (installer.go's `switch action.Verb`, as data): each row builds the framework-free
 * handler of an action from the resource's capabilities.
 */
import type { Capabilities } from '@apiserver/registry';
import { connectResource } from '../handlers/connect.js';
import { createNamedResource, createResource } from '../handlers/create.js';
import { deleteCollection, deleteResource } from '../handlers/delete.js';
import { getResource, getResourceWithOptions } from '../handlers/get.js';
import { listResource } from '../handlers/list.js';
import { patchResource } from '../handlers/patch.js';
import type { Handler, RequestScope } from '../handlers/request-scope.js';
import { updateResource } from '../handlers/update.js';
import type { ActionVerb } from './action.js';

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`installer: action planned without a ${what}`);
  return value;
}

/** Builds the handler of one action verb. */
export type HandlerFactory = (caps: Capabilities, scope: RequestScope) => Handler;

/** One handler factory per action verb. */
export const handlerTable: Readonly<Record<ActionVerb, HandlerFactory>> = {
  LIST: (c, s) => listResource(s, need(c.lister, 'Lister'), c.watcher, { forceWatch: false }),
  WATCHLIST: (c, s) => listResource(s, c.lister, need(c.watcher, 'Watcher'), { forceWatch: true }),
  WATCH: (c, s) => listResource(s, c.lister, need(c.watcher, 'Watcher'), { forceWatch: true }),
  GET: (c, s) =>
    c.getterWithOptions !== undefined ? getResourceWithOptions(s, c.getterWithOptions) : getResource(s, need(c.getter, 'Getter')),
  POST: (c, s) =>
    c.namedCreater !== undefined ? createNamedResource(s, c.namedCreater) : createResource(s, need(c.creater, 'Creater')),
  PUT: (c, s) => updateResource(s, need(c.updater, 'Updater')),
  PATCH: (c, s) => patchResource(s, need(c.patcher, 'Patcher')),
  DELETE: (c, s) => deleteResource(s, need(c.gracefulDeleter, 'GracefulDeleter')),
  DELETECOLLECTION: (c, s) => deleteCollection(s, need(c.collectionDeleter, 'CollectionDeleter')),
  CONNECT: (c, s) => connectResource(s, need(c.connecter, 'Connecter')),
};
