/**
 * The `CertificateSubjectRestriction` admission plugin (plugin/pkg/admission/certificates/subjectrestriction, on by
 * default in kube-apiserver): a CertificateSigningRequest for the `kubernetes.io/kube-apiserver-client` signer may
 * not ask for the `system:masters` organization (a client certificate in that group bypasses authorization).
 * @module
 */
import type { RequestContext } from '../../../rest/types.js';
import { isRecord, recordAt } from '../../../quota/json-record.js';
import { newAdmissionForbidden } from '../../forbidden.js';
import type { Attributes, Operation, ValidationInterface } from '../../interfaces.js';
import { signerNameOf } from './certificate-approval.js';
import { isCSRRequest } from './signer-authorization.js';

/** The signer of client certificates kube-apiserver trusts (`certificatesv1.KubeAPIServerClientSignerName`). */
export const KUBE_APISERVER_CLIENT_SIGNER_NAME = 'kubernetes.io/kube-apiserver-client';

/**
 * The subject organizations of a PEM certificate request (`ParseCSR`, then `Subject.Organization`); throws with the
 * parser's error when the first PEM block is not a `CERTIFICATE REQUEST` that parses.
 */
export type CSRSubjectOrganizations = (pem: string) => readonly string[];

/** Refuses new kube-apiserver-client CSRs that ask for the `system:masters` group (CREATE of CSRs proper). */
export class CertificateSubjectRestriction implements ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'CertificateSubjectRestriction';
  readonly #organizations: CSRSubjectOrganizations;

  /** Creates the plugin over a certificate request parser. */
  constructor(organizations: CSRSubjectOrganizations) {
    this.#organizations = organizations;
  }

  /** Handles CREATE only. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** 403 when the request cannot be parsed or names `system:masters` among its organizations. */
  validate(_ctx: RequestContext, a: Attributes): void {
    if (!isCSRRequest(a, '')) return;
    const csr = a.object;
    if (!isRecord(csr)) throw newAdmissionForbidden(a, 'expected type CertificateSigningRequest, got: <nil>');
    if (signerNameOf(csr) !== KUBE_APISERVER_CLIENT_SIGNER_NAME) return;
    // `spec.request` is the PEM's bytes, base64 in JSON.
    const request = recordAt(csr, 'spec')['request'];
    const pem = typeof request === 'string' ? Buffer.from(request, 'base64').toString('latin1') : '';
    let organizations: readonly string[];
    try {
      organizations = this.#organizations(pem);
    } catch (err) {
      throw newAdmissionForbidden(a, `failed to parse CSR: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (organizations.includes('system:masters')) {
      throw newAdmissionForbidden(a, `use of ${KUBE_APISERVER_CLIENT_SIGNER_NAME} signer with system:masters group is not allowed`);
    }
  }
}
