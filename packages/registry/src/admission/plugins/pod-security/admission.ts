/**
 * The Pod Security admission logic (k8s.io/pod-security-admission/admission): namespaces' label changes, pods, and
 * the pod templates of workload resources, judged against the namespace's policy.
 * @module
 */
import { type FieldError, newBadRequest, newForbidden, newInternalError, newInvalid, type StatusError } from '@apiserver/runtime';
import { isRecord, type JSONRecord } from '../../../quota/json-record.js';
import type { ApiObject, RequestContext } from '../../../rest/types.js';
import type { Attributes } from '../../interfaces.js';
import { type LevelVersion, levelVersionString } from './api.js';
import { type AggregateCheckResult, aggregateCheckResults, forbiddenDetail } from './check.js';
import { defaultPolicy, type PodSecurityConfiguration } from './configuration.js';
import type { Evaluator } from './evaluator.js';
import { exemptNamespaceWarning } from './exempt-namespace-warning.js';
import { evaluatePodsInNamespace, type PodLister } from './namespace-pods.js';
import { extractPodSpec, type PodMetaAndSpec } from './pod-spec-extractor.js';
import { stringAt } from './pod-spec.js';
import { enforceTightened, fullyPrivileged, type Policy, policyToEvaluate } from './policy.js';
import {
  ALLOWED_PRIVILEGED_RESPONSE,
  ALLOWED_RESPONSE,
  allowedByExemption,
  AUDIT_VIOLATIONS_ANNOTATION,
  ENFORCED_POLICY_ANNOTATION,
  errorResponse,
  type PodSecurityResponse,
} from './response.js';
import { isSignificantPodUpdate } from './significant-update.js';

/** Reads a namespace; undefined when it does not exist. */
export type PodSecurityNamespaceGetter = (name: string) => Promise<ApiObject | undefined>;

/** The pod subresources whose requests are not judged (they cannot change a pod's spec). */
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

function labelsOf(obj: ApiObject | undefined): Record<string, string> {
  const labels = obj?.metadata.labels;
  return isRecord(labels) ? (labels as Record<string, string>) : {};
}

function policyError(errors: readonly FieldError[]): string | undefined {
  if (errors.length === 0) return undefined;
  const messages = [...new Set(errors.map(String))];
  return messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`;
}

/** What {@link PodSecurityAdmission} reads the cluster through. */
export interface PodSecurityAdmissionOptions {
  /** The configuration (privileged defaults and no exemptions when absent). */
  readonly configuration?: PodSecurityConfiguration;
  /** The evaluator. */
  readonly evaluator: Evaluator;
  /** Reads namespaces. */
  readonly getNamespace: PodSecurityNamespaceGetter;
  /** Lists a namespace's pods. */
  readonly listPods: PodLister;
}

/** The Pod Security admission logic, independent of the admission chain (`admission.Admission`). */
export class PodSecurityAdmission {
  readonly #defaults: Policy;
  readonly #options: PodSecurityAdmissionOptions;

  /** Throws when the configuration's defaults are invalid. */
  constructor(options: PodSecurityAdmissionOptions) {
    this.#options = options;
    this.#defaults = defaultPolicy(options.configuration);
  }

  /** The policy of a namespace with these labels, and its parse errors. */
  policyToEvaluate(labels: Readonly<Record<string, string>> | undefined): { policy: Policy; errors: FieldError[] } {
    return policyToEvaluate(labels, this.#defaults);
  }

  /** Judges a request on namespaces, pods or a workload resource. */
  validate(ctx: RequestContext, a: Attributes): Promise<PodSecurityResponse> {
    if (a.resource.group === '' && a.resource.resource === 'namespaces') return this.validateNamespace(ctx, a);
    if (a.resource.group === '' && a.resource.resource === 'pods') return this.validatePod(a);
    return this.validatePodController(a);
  }

  /** Namespace requests: valid labels required; a stricter enforce level dry-runs the namespace's pods. */
  async validateNamespace(ctx: RequestContext, a: Attributes): Promise<PodSecurityResponse> {
    if (a.subresource !== '') return ALLOWED_RESPONSE;
    if (a.object === undefined) return errorResponse(newBadRequest('failed to decode namespace'));
    const name = a.object.metadata.name ?? '';
    const labels = labelsOf(a.object);
    const next = this.policyToEvaluate(labels);
    const invalid = () => ({ allowed: false, status: newInvalid({ group: a.kind.group, kind: a.kind.kind }, a.name, next.errors), warnings: [], auditAnnotations: {} });
    if (a.operation === 'CREATE') {
      if (next.errors.length > 0) return invalid();
      return this.#exemptNamespaceResponse(a.namespace, name, next.policy, labels) ?? ALLOWED_RESPONSE;
    }
    if (a.operation !== 'UPDATE') return ALLOWED_RESPONSE;
    if (a.oldObject === undefined) return errorResponse(newBadRequest('failed to decode  old namespace'));
    const prev = this.policyToEvaluate(labelsOf(a.oldObject));
    if (next.errors.length > 0 && (prev.errors.length === 0 || String(next.errors) !== String(prev.errors))) return invalid();
    if (!enforceTightened(next.policy, prev.policy)) return ALLOWED_RESPONSE;
    if (this.#exemptNamespace(a.namespace)) return this.#exemptNamespaceResponse(a.namespace, name, next.policy, labels) ?? ALLOWED_RESPONSE;
    const warnings = await evaluatePodsInNamespace(ctx, { ...this.#options, exemptRuntimeClass: (rc) => this.#exemptRuntimeClass(rc) }, name, next.policy.enforce);
    return { allowed: true, warnings, auditAnnotations: {} };
  }

  /** Pod requests: the enforce, audit and warn levels (an update only when it changes something judged). */
  async validatePod(a: Attributes): Promise<PodSecurityResponse> {
    if (IGNORED_POD_SUBRESOURCES.has(a.subresource)) return ALLOWED_RESPONSE;
    const exempt = this.#exemption(a);
    if (exempt !== undefined) return exempt;
    const ns = await this.#namespace(a.namespace);
    if (ns instanceof Error) return errorResponse(newInternalError(`failed to lookup namespace "${a.namespace}"`), ns.message);
    const { policy, errors } = this.policyToEvaluate(labelsOf(ns));
    if (errors.length === 0 && fullyPrivileged(policy)) return ALLOWED_PRIVILEGED_RESPONSE;
    if (a.object === undefined || !isRecord(a.object['spec'])) return errorResponse(newBadRequest('failed to decode pod'));
    if (a.operation === 'UPDATE') {
      if (a.oldObject === undefined) return errorResponse(newBadRequest('failed to decode old pod'));
      if (!isSignificantPodUpdate(a.object, a.oldObject)) return ALLOWED_RESPONSE;
    }
    const pod = { metadata: a.object.metadata as JSONRecord, spec: a.object['spec'] };
    return this.evaluatePod(policy, policyError(errors), pod, a, true);
  }

  /** Workload requests: the audit and warn levels against the pod template (never refused). */
  async validatePodController(a: Attributes): Promise<PodSecurityResponse> {
    if (a.subresource !== '') return ALLOWED_RESPONSE;
    const exempt = this.#exemption(a);
    if (exempt !== undefined) return exempt;
    const ns = await this.#namespace(a.namespace);
    if (ns instanceof Error) return { ...ALLOWED_RESPONSE, auditAnnotations: { error: `failed to lookup namespace "${a.namespace}": ${ns.message}` } };
    const { policy, errors } = this.policyToEvaluate(labelsOf(ns));
    if (errors.length === 0 && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return ALLOWED_RESPONSE;
    if (a.object === undefined) return { ...ALLOWED_RESPONSE, auditAnnotations: { error: 'failed to decode object' } };
    let pod: PodMetaAndSpec | undefined;
    try {
      pod = extractPodSpec(a.resource.group, a.resource.resource, a.object);
    } catch (err) {
      return { ...ALLOWED_RESPONSE, auditAnnotations: { error: `failed to extract pod template: ${(err as Error).message}` } };
    }
    if (pod === undefined) return ALLOWED_RESPONSE;
    return this.evaluatePod(policy, policyError(errors), pod, a, false);
  }

  /** Evaluates a pod or template against the policy; `enforce` says whether the enforce level may refuse it. */
  evaluatePod(policy: Policy, policyErr: string | undefined, pod: PodMetaAndSpec, a: Attributes, enforce: boolean): PodSecurityResponse {
    if (this.#exemptRuntimeClass(stringAt(pod.spec, 'runtimeClassName'))) return allowedByExemption('runtimeClass');
    const annotations: Record<string, string> = {};
    if (policyErr !== undefined) annotations['error'] = `Failed to parse policy: ${policyErr}`;
    const cache = new Map<string, AggregateCheckResult>();
    const evaluate = (lv: LevelVersion): AggregateCheckResult => {
      const key = levelVersionString(lv);
      let r = cache.get(key);
      if (r === undefined) cache.set(key, (r = aggregateCheckResults(this.#options.evaluator.evaluatePod(lv, pod.metadata, pod.spec))));
      return r;
    };
    let status: StatusError | undefined;
    if (enforce) {
      annotations[ENFORCED_POLICY_ANNOTATION] = levelVersionString(policy.enforce);
      const r = evaluate(policy.enforce);
      const why = `violates PodSecurity "${levelVersionString(policy.enforce)}": ${forbiddenDetail(r)}`;
      if (!r.allowed) status = newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, why);
    }
    const audit = evaluate(policy.audit);
    if (!audit.allowed) annotations[AUDIT_VIOLATIONS_ANNOTATION] = `would violate PodSecurity "${levelVersionString(policy.audit)}": ${forbiddenDetail(audit)}`;
    const warnings: string[] = [];
    const warn = status === undefined ? evaluate(policy.warn) : undefined;
    if (warn !== undefined && !warn.allowed) warnings.push(`would violate PodSecurity "${levelVersionString(policy.warn)}": ${forbiddenDetail(warn)}`);
    return status === undefined ? { allowed: true, warnings, auditAnnotations: annotations } : { allowed: false, status, warnings, auditAnnotations: annotations };
  }

  async #namespace(name: string): Promise<ApiObject | Error> {
    try {
      return (await this.#options.getNamespace(name)) ?? new Error(`namespaces "${name}" not found`);
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  }

  #exemption(a: Attributes): PodSecurityResponse | undefined {
    if (this.#exemptNamespace(a.namespace)) return allowedByExemption('namespace');
    const user = a.user?.name ?? '';
    if (user !== '' && (this.#options.configuration?.exemptions?.usernames ?? []).includes(user)) return allowedByExemption('user');
    return undefined;
  }

  #exemptNamespace(namespace: string): boolean {
    return namespace !== '' && (this.#options.configuration?.exemptions?.namespaces ?? []).includes(namespace);
  }

  #exemptRuntimeClass(name: string): boolean {
    return name !== '' && (this.#options.configuration?.exemptions?.runtimeClasses ?? []).includes(name);
  }

  #exemptNamespaceResponse(namespace: string, name: string, policy: Policy, labels: Readonly<Record<string, string>>): PodSecurityResponse | undefined {
    if (!this.#exemptNamespace(namespace)) return undefined;
    const warning = exemptNamespaceWarning(name, policy, this.#defaults, labels);
    return warning === undefined ? undefined : { allowed: true, warnings: [warning], auditAnnotations: {} };
  }
}
