/**
 * CertificateSigningRequest storage (pkg/registry/certificates/certificates/storage): `certificatesigningrequests`
 * (short name `csr`), `certificatesigningrequests/status` and `certificatesigningrequests/approval` of
 * certificates.k8s.io/v1.
 * @module
 */
import { type ApiObject, type ResetFieldsStrategy, resetFieldsByVersion, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import { type FieldLabelConversion, fieldLabelConversionOf } from '@apiserver/endpoints';
import type { ObjectAttrs } from '@apiserver/storage';
import { recordAt, stringAt } from '../../../object-fields.js';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newCSRTableConvertor } from './printer.js';
import { CSR_VERSIONS, CSRApprovalStrategy, CSRStatusStrategy, CSRStrategy } from './strategy.js';

/**
 * The field selector labels of CSRs (`fieldLabels: { CertificateSigningRequest: … }`): certificates/v1's own conversion
 * func accepts `metadata.name` and `spec.signerName` only.
 */
export const CSR_FIELD_LABELS: FieldLabelConversion = fieldLabelConversionOf(['metadata.name', 'spec.signerName']);

/** Labels and selectable fields of a CSR (`SelectableFields`): metadata.name and spec.signerName. */
export function csrAttrs(obj: ApiObject): ObjectAttrs {
  return { labels: obj.metadata.labels ?? {}, fields: { 'metadata.name': obj.metadata.name ?? '', 'spec.signerName': stringAt(recordAt(obj, 'spec'), 'signerName') } };
}

/**
 * The main CSR store: its strategy keeps spec and status as stored (they change through the subresources), so, as
 * upstream's `GetResetFields`, a write to the main resource owns neither.
 */
class CSRStore extends Store implements ResetFieldsStrategy {
  /** Spec and status, in each version upstream lists. */
  getResetFields(): Record<string, readonly string[]> {
    return resetFieldsByVersion(CSR_VERSIONS, ['spec', 'status']);
  }
}

/** The CSR resource and its two subresources. */
export function newCSRStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): Record<string, Storage> {
  const strategy = new CSRStrategy();
  const names = { group: 'certificates.k8s.io', version: 'v1', kind: 'CertificateSigningRequest', resource: 'certificatesigningrequests', singular: 'certificatesigningrequest' };
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, names),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newCSRTableConvertor(options.printer),
    attrFunc: csrAttrs,
    shortNames: ['csr'],
  };
  return {
    certificatesigningrequests: new CSRStore(storeOptions),
    'certificatesigningrequests/status': new StatusREST(storeOptions, new CSRStatusStrategy(strategy)),
    'certificatesigningrequests/approval': new StatusREST(storeOptions, new CSRApprovalStrategy(strategy)),
  };
}
