/**
 * The `DefaultIngressClass` admission plugin (plugin/pkg/admission/network/defaultingressclass, on by default in
 * kube-apiserver): a new Ingress that names no class, by field or by the legacy annotation, gets the default
 * IngressClass's name.
 * @module
 */
import { newInternalError } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { isRecord } from '../../quota/json-record.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';
import { annotationIsTrue, newestDefaultClass } from './default-class.js';

/** The annotation marking an IngressClass as the default (`ingressclass.kubernetes.io/is-default-class`). */
export const IS_DEFAULT_INGRESS_CLASS_ANNOTATION = 'ingressclass.kubernetes.io/is-default-class';
/** The legacy annotation naming an Ingress's class (`kubernetes.io/ingress.class`); its presence stops defaulting. */
export const INGRESS_CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

/** Lists every IngressClass (upstream: an informer's lister). */
export type IngressClassLister = () => Promise<readonly ApiObject[]>;

/** The default IngressClass: the newest marked one (then the first by name); undefined when none is marked. */
export function defaultIngressClass(classes: readonly ApiObject[]): ApiObject | undefined {
  return newestDefaultClass(classes, (c) => annotationIsTrue(c, IS_DEFAULT_INGRESS_CLASS_ANNOTATION));
}

/** Whether the Ingress names its class, by `spec.ingressClassName` or by the legacy annotation (any value). */
function namesClass(ingress: ApiObject): boolean {
  const spec = ingress['spec'];
  if (isRecord(spec) && spec['ingressClassName'] !== undefined && spec['ingressClassName'] !== null) return true;
  return ingress.metadata.annotations !== undefined && Object.hasOwn(ingress.metadata.annotations, INGRESS_CLASS_ANNOTATION);
}

/** Names the default IngressClass in new Ingresses that name none (CREATE of networking.k8s.io ingresses proper). */
export class DefaultIngressClass implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'DefaultIngressClass';
  readonly #list: IngressClassLister;

  /** Creates the plugin over an IngressClass lister. */
  constructor(list: IngressClassLister) {
    this.#list = list;
  }

  /** Handles CREATE only. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** Sets `spec.ingressClassName` of a classless Ingress to the default class; a failed listing is a 403. */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.resource.group !== 'networking.k8s.io' || a.resource.resource !== 'ingresses' || a.subresource !== '') return;
    const ingress = a.object;
    if (!isRecord(ingress) || !isRecord(ingress.metadata)) {
      const { group, version, kind } = a.kind;
      throw newInternalError(`Expected Ingress resource, got: ${group}/${version}, Kind=${kind}`);
    }
    if (namesClass(ingress)) return;
    let classes: readonly ApiObject[];
    try {
      classes = await this.#list();
    } catch (err) {
      throw newAdmissionForbidden(a, err instanceof Error ? err : String(err));
    }
    const def = defaultIngressClass(classes);
    if (def === undefined) return;
    if (!isRecord(ingress['spec'])) ingress['spec'] = {};
    (ingress['spec'] as Record<string, unknown>)['ingressClassName'] = def.metadata.name ?? '';
  }
}
