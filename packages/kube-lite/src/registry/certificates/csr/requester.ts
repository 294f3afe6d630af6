/**
 * The requesting user recorded in a CSR's spec (pkg/registry/certificates/certificates `PrepareForCreate`):
 * whatever the client sent in username/uid/groups/extra is replaced by the user of the request.
 * @module
 */
import type { ApiObject, RequestContext } from '@apiserver/registry';
import { ensureRecord } from '../../../object-fields.js';
import { requestUserOf } from '../../authorization/request-user.js';

/** Replaces `spec.username`, `uid`, `groups` and `extra` with the requesting user (cleared when there is none). */
export function setRequester(ctx: RequestContext, csr: ApiObject): void {
  const spec = ensureRecord(csr, 'spec');
  for (const key of ['username', 'uid', 'groups', 'extra']) delete spec[key];
  const user = requestUserOf(ctx);
  if (user === undefined) return;
  if (user.name !== '') spec.username = user.name;
  if (user.uid !== '') spec.uid = user.uid;
  if (user.groups.length > 0) spec.groups = [...user.groups];
  const extra = ctx.user?.extra;
  if (extra !== undefined && Object.keys(extra).length > 0) spec.extra = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, [...v]]));
}
