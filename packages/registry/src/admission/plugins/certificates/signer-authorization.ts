/**
 * `IsAuthorizedForSignerName` (plugin/pkg/admission/certificates): whether a user may perform a verb (`approve`,
 * `sign`) on the synthetic `signers` resource of certificates.k8s.io for a signer name, or else for every signer of
 * its domain (`<domain>/*`, the part before the first slash).
 * @module
 */
import type { UserInfo } from '../../../rest/types.js';

/** The CSR resource the certificate plugins judge (`certificates.k8s.io/certificatesigningrequests`). */
export const CSR_GROUP = 'certificates.k8s.io';

/** What is asked of the authorizer: a resource request on `signers` of certificates.k8s.io, any version. */
export interface SignerAuthorizationAttributes {
  /** The requesting user. */
  readonly user: UserInfo | undefined;
  /** `approve` or `sign`. */
  readonly verb: string;
  /** The signer name, or its domain's wildcard `<domain>/*`. */
  readonly name: string;
  /** Always `certificates.k8s.io`. */
  readonly apiGroup: string;
  /** Always `*`. */
  readonly apiVersion: string;
  /** Always `signers`. */
  readonly resource: string;
}

/**
 * Asks the server's authorizer; true only for an Allow decision. A thrown error counts as not allowed (upstream
 * logs it and goes on to the next check).
 */
export type SignerAuthorizer = (attributes: SignerAuthorizationAttributes) => boolean | Promise<boolean>;

function attributes(user: UserInfo | undefined, verb: string, name: string): SignerAuthorizationAttributes {
  return { user, verb, name, apiGroup: CSR_GROUP, apiVersion: '*', resource: 'signers' };
}

async function allowed(authorize: SignerAuthorizer, attrs: SignerAuthorizationAttributes): Promise<boolean> {
  try {
    return await authorize(attrs);
  } catch {
    return false;
  }
}

/** Whether `user` may `verb` the signer `signerName`: asked for the name itself, then for `<domain>/*`. */
export async function isAuthorizedForSignerName(authorize: SignerAuthorizer, user: UserInfo | undefined, verb: string, signerName: string): Promise<boolean> {
  if (await allowed(authorize, attributes(user, verb, signerName))) return true;
  const domain = signerName.split('/')[0] ?? '';
  return allowed(authorize, attributes(user, verb, `${domain}/*`));
}

/** Whether the request is on `certificatesigningrequests` of certificates.k8s.io with this subresource. */
export function isCSRRequest(a: { readonly resource: { readonly group: string; readonly resource: string }; readonly subresource: string }, subresource: string): boolean {
  return a.resource.group === CSR_GROUP && a.resource.resource === 'certificatesigningrequests' && a.subresource === subresource;
}
