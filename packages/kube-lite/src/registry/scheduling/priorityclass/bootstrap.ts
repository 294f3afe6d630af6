/**
 * The `scheduling/bootstrap-system-priority-classes` post-start hook (pkg/registry/scheduling/rest
 * `AddSystemPriorityClasses`): creates each system priority class that does not exist yet, leaving existing ones
 * as they are.
 * @module
 */
import { isCreater, isGetter, type Storage } from '@apiserver/registry';
import { isAlreadyExists, isNotFound } from '@apiserver/runtime';
import type { APIGroupInfo, GenericAPIServer } from '@apiserver/server';
import { storageOf } from '../../../server/group-storage.js';
import { SYSTEM_PRIORITY_CLASSES, systemPriorityClassObject } from './system-classes.js';

/** The hook's name. */
export const SYSTEM_PRIORITY_CLASSES_HOOK = 'scheduling/bootstrap-system-priority-classes';

/** Creates the missing system priority classes in `priorityClasses`. */
export async function ensureSystemPriorityClasses(priorityClasses: Storage): Promise<void> {
  if (!isGetter(priorityClasses) || !isCreater(priorityClasses)) throw new Error('the priorityclasses storage cannot get and create');
  for (const c of SYSTEM_PRIORITY_CLASSES) {
    try {
      await priorityClasses.get({}, c.name, {});
      continue;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await priorityClasses.create({}, systemPriorityClassObject(c), undefined, {});
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
}

/** Registers the hook on `server` when `groups` serve priorityclasses. */
export function addSystemPriorityClassesHook(server: GenericAPIServer, groups: readonly APIGroupInfo[]): void {
  const priorityClasses = storageOf(groups, 'scheduling.k8s.io', 'priorityclasses');
  if (priorityClasses !== undefined) server.addPostStartHook(SYSTEM_PRIORITY_CLASSES_HOOK, () => ensureSystemPriorityClasses(priorityClasses));
}
