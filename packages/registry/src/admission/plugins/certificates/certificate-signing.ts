/**
 * The `CertificateSigning` admission plugin (plugin/pkg/admission/certificates/signing, on by default in
 * kube-apiserver): an update of `certificatesigningrequests/status` that changes the issued certificate or the
 * conditions needs the `sign` verb on the request's signer (see {@link isAuthorizedForSignerName}).
 * @module
 */
import { jsonValuesEqual } from '@apiserver/runtime';
import type { RequestContext } from '../../../rest/types.js';
import { isRecord, recordAt } from '../../../quota/json-record.js';
import { newAdmissionForbidden } from '../../forbidden.js';
import type { Attributes, Operation, ValidationInterface } from '../../interfaces.js';
import { signerNameOf } from './certificate-approval.js';
import { isAuthorizedForSignerName, isCSRRequest, type SignerAuthorizer } from './signer-authorization.js';

/** `status.certificate` as Go holds it: null when absent (a nil slice), else its base64 text ("" an empty one). */
function certificateOf(csr: unknown): string | null {
  const v = recordAt(csr, 'status')['certificate'];
  return typeof v === 'string' ? v : null;
}

/** `status.conditions`, an absent list equal to an empty one (as `Semantic.DeepEqual` has it). */
function conditionsOf(csr: unknown): unknown[] {
  const v = recordAt(csr, 'status')['conditions'];
  return Array.isArray(v) ? v : [];
}

/** Refuses status updates that change the certificate or conditions by users not allowed to `sign` the signer. */
export class CertificateSigning implements ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'CertificateSigning';
  readonly #authorize: SignerAuthorizer;

  /** Creates the plugin over the server's authorizer. */
  constructor(authorize: SignerAuthorizer) {
    this.#authorize = authorize;
  }

  /** Handles UPDATE only. */
  handles(operation: Operation): boolean {
    return operation === 'UPDATE';
  }

  /** Checks `sign` on the stored request's signer when the certificate or the conditions change (user as CertificateApproval's). */
  async validate(ctx: RequestContext, a: Attributes): Promise<void> {
    if (!isCSRRequest(a, 'status')) return;
    const [csr, old] = [a.object, a.oldObject];
    if (!isRecord(old) || !isRecord(csr)) throw newAdmissionForbidden(a, 'expected type CertificateSigningRequest, got: <nil>');
    if (certificateOf(old) === certificateOf(csr) && jsonValuesEqual(conditionsOf(old), conditionsOf(csr))) return;
    const signerName = signerNameOf(old);
    if (!(await isAuthorizedForSignerName(this.#authorize, a.user ?? ctx.user, 'sign', signerName))) {
      throw newAdmissionForbidden(a, `user not permitted to sign requests with signerName ${JSON.stringify(signerName)}`);
    }
  }
}
