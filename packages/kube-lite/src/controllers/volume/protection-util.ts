/**
 * What the pv- and pvc-protection controllers share (pkg/controller/volume/protectionutil): which objects need
 * their protection finalizer added or are waiting for its removal, and the finalizer update itself, sent with the
 * resourceVersion that was read so that a concurrent change fails it as a conflict and the object is looked at again.
 * @module
 */
import { type ApiObject, defaultUpdatedObjectInfo, type Updater } from '@apiserver/registry';

/** Whether `obj` is being deleted and still holds `finalizer` (a removal candidate). */
export function isDeletionCandidate(obj: ApiObject, finalizer: string): boolean {
  return obj.metadata.deletionTimestamp != null && (obj.metadata.finalizers ?? []).includes(finalizer);
}

/** Whether `obj` is not being deleted and lacks `finalizer`. */
export function needToAddFinalizer(obj: ApiObject, finalizer: string): boolean {
  return obj.metadata.deletionTimestamp == null && !(obj.metadata.finalizers ?? []).includes(finalizer);
}

/** Writes `obj` (as read, with its resourceVersion) with `finalizer` appended. */
export async function addFinalizer(storage: Updater, obj: ApiObject, finalizer: string): Promise<void> {
  await updateFinalizers(storage, obj, [...(obj.metadata.finalizers ?? []), finalizer]);
}

/** Writes `obj` (as read, with its resourceVersion) with every `finalizer` entry taken out. */
export async function removeFinalizer(storage: Updater, obj: ApiObject, finalizer: string): Promise<void> {
  await updateFinalizers(storage, obj, (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer));
}

async function updateFinalizers(storage: Updater, obj: ApiObject, finalizers: string[]): Promise<void> {
  const copy = structuredClone(obj);
  if (finalizers.length > 0) copy.metadata.finalizers = finalizers;
  else delete copy.metadata.finalizers;
  const namespace = obj.metadata.namespace;
  const ctx = namespace === undefined || namespace === '' ? {} : { namespace };
  await storage.update(ctx, obj.metadata.name ?? '', defaultUpdatedObjectInfo(copy), undefined, undefined, false, {});
}
