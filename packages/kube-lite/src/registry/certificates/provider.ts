/**
 * The `certificates.k8s.io/v1` group (pkg/registry/certificates/rest/storage_certificates.go):
 * certificatesigningrequests (+status, +approval).
 * @module
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../../server/api-resource-config.js';
import { enabledResourceStorage, groupInfoOf } from '../enabled-storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from '../rest-options.js';
import { CSR_FIELD_LABELS, newCSRStorage } from './csr/storage.js';

/** The name of the certificates API group. */
export const CERTIFICATES_GROUP_NAME = 'certificates.k8s.io';

/** The `certificates.k8s.io` provider: v1 certificatesigningrequests when enabled. */
export function certificatesRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return {
    groupName: () => CERTIFICATES_GROUP_NAME,
    newRESTStorage: (source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo => {
      const v1 = { group: CERTIFICATES_GROUP_NAME, version: 'v1' };
      const storage = enabledResourceStorage(source, v1, { certificatesigningrequests: () => newCSRStorage(getter) });
      return groupInfoOf([{ gv: v1, storage }], { scheme, fieldLabels: { CertificateSigningRequest: CSR_FIELD_LABELS } });
    },
  };
}
