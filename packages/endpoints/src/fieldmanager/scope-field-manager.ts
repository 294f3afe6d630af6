/**
 * The FieldManager of a request scope (the `RequestScope.FieldManager` upstream builds in the installer):
 * merge types from the scope's field type (custom resources) or object schema (deduced when it has neither), one
 * manager per scope. Writes through the main resource, `status` and `scale` are tracked (a Scale is another kind than
 * the stored one: the scale storage maps its entries to the parent's, as upstream's `ScaleHandler`); other
 * subresources are not. Reset fields are the storage's (`rest.ResetFieldsStrategy`) when it gives them; else they
 * follow the built-in strategies: the main resource does not own `status`, `/status` owns nothing but `status` (the
 * registry's status strategy keeps the rest), `scale` resets nothing.
 */
import { FieldManager, FieldSet, fieldTypeOf, formatGroupVersion, type JSONObject, propertiesOf } from '@apiserver/runtime';
import type { ApiObject } from '@apiserver/registry';
import type { RequestScope } from '../handlers/request-scope.js';
import type { Pace } from '../handlers/pacing.js';

const managers = new WeakMap<RequestScope, FieldManager>();

/** True when writes through this scope maintain `metadata.managedFields`. */
export function tracksManagedFields(scope: RequestScope): boolean {
  return scope.subresource === '' || scope.subresource === 'status' || scope.subresource === 'scale';
}

/** The fields writes through this scope cannot own (upstream's `GetResetFields` of the strategies). */
export function resetFieldsOf(scope: RequestScope): FieldSet {
  if (scope.resetFieldsStrategy !== undefined) {
    const paths = scope.resetFieldsStrategy.getResetFields()[formatGroupVersion(scope.kind)] ?? [];
    return FieldSet.of(...paths.map((path) => path.split('.').map((fieldName) => ({ fieldName }))));
  }
  if (scope.subresource !== '' && scope.subresource !== 'status') return new FieldSet();
  const props = scope.objectSchema === undefined ? undefined : propertiesOf(scope.objectSchema);
  if (props === undefined || !('status' in props)) return new FieldSet();
  if (scope.subresource === '') return FieldSet.of([{ fieldName: 'status' }]);
  const others = Object.keys(props).filter((name) => name !== 'status' && name !== 'apiVersion' && name !== 'kind');
  return FieldSet.of(...others.map((fieldName) => [{ fieldName }]));
}

/** The scope's FieldManager (created once per scope). */
export function fieldManagerFor(scope: RequestScope): FieldManager {
  let m = managers.get(scope);
  if (m === undefined) {
    m = new FieldManager({
      type: scope.fieldType ?? fieldTypeOf(scope.objectSchema),
      apiVersion: formatGroupVersion(scope.kind),
      kind: scope.kind.kind,
      subresource: scope.subresource,
      resetFields: resetFieldsOf(scope),
    });
    managers.set(scope, m);
  }
  return m;
}

/** `FieldManager.UpdateNoErrors` for a scope: `newObj` with managedFields recording an Update by `manager`. */
export function recordUpdate(scope: RequestScope, live: ApiObject | undefined, newObj: ApiObject, manager: string): ApiObject {
  if (!tracksManagedFields(scope)) return newObj;
  const updated = fieldManagerFor(scope).update(live as JSONObject | undefined, newObj as unknown as JSONObject, manager);
  return updated as unknown as ApiObject;
}

/**
 * {@link recordUpdate} with `pause` awaited between comparing the objects and encoding managedFields (a large
 * body's pace, issue #19); with the pace's slicer, both run in its time slices.
 */
export async function recordUpdatePaced(
  scope: RequestScope,
  live: ApiObject | undefined,
  newObj: ApiObject,
  manager: string,
  pause: Pace,
): Promise<ApiObject> {
  if (!tracksManagedFields(scope)) return newObj;
  const updated = await fieldManagerFor(scope).updatePaced(live as JSONObject | undefined, newObj as unknown as JSONObject, manager, pause, pause.slicer);
  return updated as unknown as ApiObject;
}
