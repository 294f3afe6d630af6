/**
 * kube-lite's certificate admission plugins (`CertificateApproval`, `CertificateSigning`,
 * `CertificateSubjectRestriction`, in upstream's order): the first two ask the server's authorizer for the `approve`
 * and `sign` verbs on `signers`, the last reads the request with kube-lite's PKCS#10 parser. None is installed when
 * CertificateSigningRequests are not served.
 * @module
 */
import { type AdmissionInterface, CertificateApproval, CertificateSigning, CertificateSubjectRestriction, type SignerAuthorizer } from '@apiserver/registry';
import type { APIGroupInfo, Authorizer } from '@apiserver/server';
import { authorizationUser } from './cel-match-conditions.js';
import { csrSubjectOrganizations } from '../registry/certificates/csr/subject.js';
import { storageOf } from '../server/group-storage.js';

/** Asks `authorizer` the plugins' question as a resource request on cluster-scoped `signers`; true for Allow only. */
export function signerAuthorizer(authorizer: () => Authorizer): SignerAuthorizer {
  return async (a) => {
    const answer = await authorizer().authorize({
      user: authorizationUser(a.user),
      verb: a.verb,
      isResourceRequest: true,
      path: '',
      namespace: '',
      apiGroup: a.apiGroup,
      apiVersion: a.apiVersion,
      resource: a.resource,
      subresource: '',
      name: a.name,
    });
    return answer.decision === 'Allow';
  };
}

const servesCSRs = (groups: readonly APIGroupInfo[]): boolean => storageOf(groups, 'certificates.k8s.io', 'certificatesigningrequests') !== undefined;

/** The `CertificateApproval` plugin; undefined when `certificatesigningrequests` is not served. */
export function newCertificateApproval(groups: readonly APIGroupInfo[], authorizer: () => Authorizer): AdmissionInterface | undefined {
  return servesCSRs(groups) ? new CertificateApproval(signerAuthorizer(authorizer)) : undefined;
}

/** The `CertificateSigning` plugin; undefined when `certificatesigningrequests` is not served. */
export function newCertificateSigning(groups: readonly APIGroupInfo[], authorizer: () => Authorizer): AdmissionInterface | undefined {
  return servesCSRs(groups) ? new CertificateSigning(signerAuthorizer(authorizer)) : undefined;
}

/** The `CertificateSubjectRestriction` plugin; undefined when `certificatesigningrequests` is not served. */
export function newCertificateSubjectRestriction(groups: readonly APIGroupInfo[]): AdmissionInterface | undefined {
  return servesCSRs(groups) ? new CertificateSubjectRestriction(csrSubjectOrganizations) : undefined;
}
