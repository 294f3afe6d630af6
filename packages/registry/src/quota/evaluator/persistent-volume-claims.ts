/**
 * The persistent volume claim quota evaluator (pkg/quota/v1/evaluator/core `pvcEvaluator`): `count/persistentvolumeclaims`,
 * `persistentvolumeclaims` and `requests.storage`, also per storage class
 * (`<class>.storageclass.storage.k8s.io/persistentvolumeclaims`, `…/requests.storage`); charged on CREATE and UPDATE
 * (a claim can grow).
 * @module
 */
import { compareQuantities, type ParsedQuantity, parseQuantity } from '@apiserver/runtime';
import type { Attributes } from '../../admission/interfaces.js';
import type { ApiObject } from '../../rest/types.js';
import { type QuotaEvaluator, objectCountQuotaResourceNameFor } from '../evaluator.js';
import { parseResourceList } from '../resource-list.js';
import { isRecord, recordAt } from '../json-record.js';

const PVC_COUNT = objectCountQuotaResourceNameFor('', 'persistentvolumeclaims');
const PVC_RESOURCES = [PVC_COUNT, 'persistentvolumeclaims', 'requests.storage'];
const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';
const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';
const ONE: ParsedQuantity = { digits: 1n, exp10: 0, format: 'DecimalSI' };

/** The claim's storage class: the beta annotation, else `spec.storageClassName` ("" when none). */
function storageClassOf(pvc: ApiObject): string {
  const beta = pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  if (typeof beta === 'string') return beta;
  const spec = recordAt(pvc, 'spec');
  return typeof spec['storageClassName'] === 'string' ? spec['storageClassName'] : '';
}

/** The storage requested, raised to `status.allocatedResources.storage` when larger (a shrink still charges the larger size). */
function requestedStorage(pvc: ApiObject): ParsedQuantity | undefined {
  const spec = recordAt(pvc, 'spec');
  const resources = recordAt(spec, 'resources');
  const request = parseResourceList(resources['requests']).get('storage');
  const status = recordAt(pvc, 'status');
  const allocatedText = isRecord(status['allocatedResources']) ? status['allocatedResources']['storage'] : undefined;
  const allocated = typeof allocatedText === 'string' ? parseQuantity(allocatedText) : undefined;
  if (request === undefined) return allocated;
  return allocated !== undefined && compareQuantities(allocated, request) > 0 ? allocated : request;
}

/** Quota's view of persistent volume claims. */
export class PersistentVolumeClaimEvaluator implements QuotaEvaluator {
  /** The core group. */
  readonly group = '';
  /** persistentvolumeclaims. */
  readonly resource = 'persistentvolumeclaims';

  /** CREATE and UPDATE. */
  handles(a: Attributes): boolean {
    return a.operation === 'CREATE' || a.operation === 'UPDATE';
  }

  /** The claim resources among `names`, storage-class ones included. */
  matchingResources(names: readonly string[]): string[] {
    return names.filter(
      (n) => PVC_RESOURCES.includes(n) || (n.includes(STORAGE_CLASS_SUFFIX) && (n.endsWith('/persistentvolumeclaims') || n.endsWith('/requests.storage'))),
    );
  }

  /** No scope selects a claim (the VolumeAttributesClass scope is beta and off). */
  matchesScope(): boolean {
    return false;
  }

  /** The counts and requested storage of one claim, with the storage-class variants. */
  usage(pvc: ApiObject): Map<string, ParsedQuantity> {
    const out = new Map<string, ParsedQuantity>([
      [PVC_COUNT, ONE],
      ['persistentvolumeclaims', ONE],
    ]);
    const storageClass = storageClassOf(pvc);
    if (storageClass !== '') out.set(`${storageClass}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`, ONE);
    const storage = requestedStorage(pvc);
    if (storage !== undefined) {
      out.set('requests.storage', storage);
      if (storageClass !== '') out.set(`${storageClass}${STORAGE_CLASS_SUFFIX}requests.storage`, storage);
    }
    return out;
  }

  /** No constraints. */
  constraints(): undefined {
    return undefined;
  }
}
