/**
 * Pod storage (pkg/registry/core/pod/storage): `pods` (short name `po`, category `all`, graceful deletion,
 * pod field selectors), `pods/status`, `pods/binding`, `pods/eviction`, `pods/ephemeralcontainers` and the connect subresources exec, attach, portforward
 * and proxy.
 * @module
 */
import { type ApiObject, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import { type FieldLabelConversion, fieldLabelConversionOf } from '@apiserver/endpoints';
import type { Backoff } from '../../retry.js';
import { newPodDisruptionBudgetStatusStore, podDisruptionBudgetStoreOptions } from '../../policy/poddisruptionbudget/storage.js';
import type { ObjectAttrs } from '@apiserver/storage';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { recordAt, stringAt } from '../../../object-fields.js';
import { BindingREST, PodBinder } from '../binding/binding-rest.js';
import { PodStreamREST } from './connect-rest.js';
import { PodLogREST } from './log-rest.js';
import { EphemeralContainersStrategy } from './ephemeral-containers.js';
import { EvictionREST } from './eviction-rest.js';
import { newPodTableConvertor } from './printer.js';
import { PodProxyREST } from './proxy-rest.js';
import { internalPodIPs } from './pod-ip-validation.js';
import { PodStrategy } from './strategy.js';
import { PodStatusStrategy } from './pod-status-strategy.js';

/** Options of the pod storage. */
export interface PodStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
  /** Store clock in epoch ms (deletion timestamps; tests). */
  readonly clock?: () => number;
  /** Retry of the eviction's conflicting writes (tests shorten it). */
  readonly evictionRetry?: Backoff;
}

/**
 * The field selector labels of pods (`fieldLabels: { Pod: … }`), as core/v1's own conversion func for Pod accepts them:
 * the metadata labels, the pod fields of `podAttrs`, `status.podIPs` (accepted, though no pod has that field, so
 * only an empty value matches) and the legacy `spec.host`, which stands for `spec.nodeName`.
 */
export const POD_FIELD_LABELS: FieldLabelConversion = fieldLabelConversionOf(
  [
    'metadata.name',
    'metadata.namespace',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.podIPs',
    'status.nominatedNodeName',
  ],
  { 'spec.host': 'spec.nodeName' },
);

/** Labels and selectable fields of a pod (upstream `pod.GetAttrs` / `PodToSelectableFields`). */
export function podAttrs(pod: ApiObject): ObjectAttrs {
  const spec = recordAt(pod, 'spec');
  const status = recordAt(pod, 'status');
  return {
    labels: pod.metadata.labels ?? {},
    fields: {
      'metadata.name': pod.metadata.name ?? '',
      'metadata.namespace': pod.metadata.namespace ?? '',
      'spec.nodeName': stringAt(spec, 'nodeName'),
      'spec.restartPolicy': stringAt(spec, 'restartPolicy'),
      'spec.schedulerName': stringAt(spec, 'schedulerName'),
      'spec.serviceAccountName': stringAt(spec, 'serviceAccountName'),
      'spec.hostNetwork': String(spec?.hostNetwork === true),
      'status.phase': stringAt(status, 'phase'),
      // The internal pod's podIPs[0], as upstream reads it.
      'status.podIP': internalPodIPs(status)[0] ?? '',
      'status.nominatedNodeName': stringAt(status, 'nominatedNodeName'),
    },
  };
}

/** The pods' Store options (shared by `pods` and `pods/status`). */
export function podStoreOptions(getter: RESTOptionsGetter, options: PodStorageOptions = {}): StoreOptions {
  const strategy = new PodStrategy();
  return {
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Pod', resource: 'pods', singular: 'pod' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // As upstream's Store for this resource: DELETE answers the deleted object, not a Success Status.
    returnDeletedObject: true,
    tableConvertor: newPodTableConvertor(options.printer),
    attrFunc: podAttrs,
    shortNames: ['po'],
    categories: ['all'],
    ...(options.clock !== undefined && { clock: options.clock }),
  };
}

/** A Store over the pods that writes only their status (`pods/status`, and what `pods/eviction` works through). */
export function newPodStatusStore(storeOptions: StoreOptions): Store {
  return new Store({ ...storeOptions, strategies: { ...storeOptions.strategies, update: new PodStatusStrategy() }, destroy: () => {} });
}

/**
 * The `pods`, `pods/status`, `pods/binding`, `pods/eviction`, `pods/ephemeralcontainers` and connect (`exec`,
 * `attach`, `portforward`, `proxy`) storage of the core group; the eviction spends the poddisruptionbudgets
 * `getter` stores.
 */
export function newPodStorage(getter: RESTOptionsGetter, options: PodStorageOptions = {}): Record<string, Storage> {
  const storeOptions = podStoreOptions(getter, options);
  const pods = new Store(storeOptions);
  const status = newPodStatusStore(storeOptions);
  const budgets = newPodDisruptionBudgetStatusStore(podDisruptionBudgetStoreOptions(getter));
  return {
    pods,
    'pods/status': new StatusREST(status),
    'pods/binding': new BindingREST(new PodBinder(storeOptions, options.clock)),
    'pods/eviction': new EvictionREST({ pods: status, budgets, ...(options.clock !== undefined && { clock: options.clock }), ...(options.evictionRetry !== undefined && { retry: options.evictionRetry }) }),
    'pods/ephemeralcontainers': new StatusREST(storeOptions, new EphemeralContainersStrategy()),
    'pods/exec': new PodStreamREST(pods, 'exec'),
    'pods/attach': new PodStreamREST(pods, 'attach'),
    'pods/portforward': new PodStreamREST(pods, 'portforward'),
    'pods/log': new PodLogREST(pods),
    'pods/proxy': new PodProxyREST(pods),
  };
}
