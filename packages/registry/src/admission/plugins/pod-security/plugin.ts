/**
 * The `PodSecurity` admission plugin (plugin/pkg/admission/security/podsecurity): validates CREATE and UPDATE of
 * namespaces, pods and the workload resources carrying a pod template against the Pod Security Standards; its
 * warnings go to the response's `Warning` headers and its audit annotations, prefixed
 * `pod-security.kubernetes.io/`, to the audit event.
 * @module
 */
import { StatusError } from '@apiserver/runtime';
import type { RequestContext } from '../../../rest/types.js';
import { newAdmissionForbidden } from '../../forbidden.js';
import type { Attributes, Operation, ValidationInterface } from '../../interfaces.js';
import { PodSecurityAdmission, type PodSecurityAdmissionOptions } from './admission.js';
import { defaultChecks } from './default-checks.js';
import { newEvaluator } from './evaluator.js';
import { hasPodSpec } from './pod-spec-extractor.js';
import { POD_SECURITY_PREFIX } from './policy.js';
import type { PodSecurityResponse } from './response.js';

/** The plugin's registered name. */
export const POD_SECURITY_PLUGIN_NAME = 'PodSecurity';

/** The plugin's options: the evaluator defaults to 1.32's checks. */
export type PodSecurityOptions = Omit<PodSecurityAdmissionOptions, 'evaluator'> & Partial<Pick<PodSecurityAdmissionOptions, 'evaluator'>>;

/** The error a refusal becomes: a 403 naming the object, with the evaluation's message, reason, details and code. */
function refusal(a: Attributes, response: PodSecurityResponse): StatusError {
  const generic = newAdmissionForbidden(a, 'Not allowed by PodSecurity');
  const s = response.status?.status;
  if (s === undefined) return generic;
  return new StatusError({
    ...generic.status,
    ...(s.message ? { message: s.message } : {}),
    ...(s.reason ? { reason: s.reason } : {}),
    ...(s.details !== undefined ? { details: s.details } : {}),
    ...(s.code ? { code: s.code } : {}),
  });
}

/** Pod Security admission (a validating plugin). */
export class PodSecurity implements ValidationInterface {
  /** The plugin's registered name. */
  readonly name = POD_SECURITY_PLUGIN_NAME;
  readonly #delegate: PodSecurityAdmission;

  /** Throws when the configuration's defaults are invalid. */
  constructor(options: PodSecurityOptions) {
    this.#delegate = new PodSecurityAdmission({ ...options, evaluator: options.evaluator ?? newEvaluator(defaultChecks()) });
  }

  /** CREATE and UPDATE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  /** Judges namespaces, pods and pod-template resources; adds warnings and audit annotations; throws a refusal. */
  async validate(ctx: RequestContext, a: Attributes): Promise<void> {
    const { group, resource } = a.resource;
    const applicable = group === '' && (resource === 'pods' || resource === 'namespaces');
    if (!applicable && !hasPodSpec(group, resource)) return;
    const response = await this.#delegate.validate(ctx, a);
    for (const w of response.warnings) ctx.addWarning?.(w);
    for (const [k, v] of Object.entries(response.auditAnnotations)) ctx.addAuditAnnotation?.(POD_SECURITY_PREFIX + k, v);
    if (!response.allowed) throw refusal(a, response);
  }
}
