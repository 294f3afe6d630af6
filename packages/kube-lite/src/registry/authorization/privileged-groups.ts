/**
 * The superuser authorizer kube-apiserver puts before every `--authorization-mode` (authorizerfactory
 * `NewPrivilegedGroups(user.SystemPrivilegedGroup)`): members of `system:masters` may do anything, whatever the
 * modes say; everybody else passes on to the modes.
 */
import { type Authorizer, SYSTEM_PRIVILEGED_GROUP } from '@apiserver/server';

/** Allows any request of a user in one of `groups` (default `system:masters`); no opinion otherwise. */
export function privilegedGroupsAuthorizer(groups: readonly string[] = [SYSTEM_PRIVILEGED_GROUP]): Authorizer {
  return {
    authorize: (attributes) => {
      const member = attributes.user?.groups.some((g) => groups.includes(g)) === true;
      return { decision: member ? 'Allow' : 'NoOpinion', reason: '' };
    },
  };
}
