/**
 * The apiVersion and kind of a patched object, as upstream's patchers treat them. The JSON and merge patchers decode
 * the patched JSON with the request's codec, so another kind fails as a body would (NotRegistered, `unknown
 * conversion`, an unparsable apiVersion), as the 422 of the `patch` field; another version of the kind, which they
 * would convert, is refused here with {@link checkTypeMeta}'s 400 (nothing converts the fields). The strategic
 * merge patcher converts the patched map into the typed object of the request's kind, whose type does not depend
 * on the map's `apiVersion` and `kind`: they are ignored. Apply patches, and kinds the
 * scheme cannot judge, keep {@link checkTypeMeta}'s checks.
 */
import { formatGroupVersion, type KubeObject, parseGroupVersion } from '@apiserver/runtime';
import { checkTypeMeta } from './body.js';
import { decodeKindProblem } from './decode-kind.js';
import type { PatchType } from './patch.js';
import { newInvalidPatch } from './patch-coercion.js';
import type { RequestScope } from './request-scope.js';

/**
 * `patched` with the request's apiVersion and kind, or the patch's 422 (`value`: the patched object as the error
 * prints it); `text` is the patch, which the fallback's 400 summarises.
 */
export function patchedTypeMeta(scope: RequestScope, type: PatchType, patched: KubeObject, value: string, text: string): KubeObject {
  const own = { apiVersion: formatGroupVersion(scope.kind), kind: scope.kind.kind };
  if (type === 'strategic') return { ...patched, ...own };
  if (type === 'apply') return checkTypeMeta(scope, patched, Buffer.from(text));
  const apiVersion = typeof patched.apiVersion === 'string' && patched.apiVersion !== '' ? patched.apiVersion : own.apiVersion;
  const kind = typeof patched.kind === 'string' && patched.kind !== '' ? patched.kind : own.kind;
  let gv: ReturnType<typeof parseGroupVersion>;
  try {
    gv = parseGroupVersion(apiVersion);
  } catch (err) {
    throw newInvalidPatch(value, err instanceof Error ? err.message : String(err));
  }
  const body = { group: gv.group, version: gv.version, kind };
  const problem = decodeKindProblem(scope.scheme, scope.kind, body);
  if (problem !== undefined) throw newInvalidPatch(value, problem);
  // Another version of the kind would be converted upstream; its fields are not converted here (a 400, as before).
  return checkTypeMeta(scope, { ...patched, apiVersion, kind }, Buffer.from(text));
}
