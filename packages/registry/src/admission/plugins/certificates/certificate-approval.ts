/**
 * The `CertificateApproval` admission plugin (plugin/pkg/admission/certificates/approval, on by default in
 * kube-apiserver): approving or denying a CertificateSigningRequest through its `approval` subresource needs the
 * `approve` verb on the request's signer (see {@link isAuthorizedForSignerName}).
 * @module
 */
import type { RequestContext } from '../../../rest/types.js';
import { isRecord, recordAt } from '../../../quota/json-record.js';
import { newAdmissionForbidden } from '../../forbidden.js';
import type { Attributes, Operation, ValidationInterface } from '../../interfaces.js';
import { isAuthorizedForSignerName, isCSRRequest, type SignerAuthorizer } from './signer-authorization.js';

/** The signer name of a CSR as stored (`spec.signerName`; "" when absent). */
export function signerNameOf(csr: unknown): string {
  const name = recordAt(csr, 'spec')['signerName'];
  return typeof name === 'string' ? name : '';
}

/** Refuses updates of `certificatesigningrequests/approval` by users not allowed to `approve` the signer. */
export class CertificateApproval implements ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'CertificateApproval';
  readonly #authorize: SignerAuthorizer;

  /** Creates the plugin over the server's authorizer. */
  constructor(authorize: SignerAuthorizer) {
    this.#authorize = authorize;
  }

  /** Handles UPDATE only. */
  handles(operation: Operation): boolean {
    return operation === 'UPDATE';
  }

  /**
   * Checks `approve` on the signer the stored request names (not one the update may try to set), for the attributes'
   * user, else the request context's (the handlers put the user there).
   */
  async validate(ctx: RequestContext, a: Attributes): Promise<void> {
    if (!isCSRRequest(a, 'approval')) return;
    if (!isRecord(a.oldObject)) throw newAdmissionForbidden(a, 'expected type CertificateSigningRequest, got: <nil>');
    const signerName = signerNameOf(a.oldObject);
    if (!(await isAuthorizedForSignerName(this.#authorize, a.user ?? ctx.user, 'approve', signerName))) {
      throw newAdmissionForbidden(a, `user not permitted to approve requests with signerName ${JSON.stringify(signerName)}`);
    }
  }
}
