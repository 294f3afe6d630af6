/**
 * Merging this server's authentication settings into what `kube-system/extension-apiserver-authentication` already
 * holds (kube-apiserver's clusterauthenticationtrust `combinedClusterAuthenticationInfo`): several API servers (or
 * an old and a new front-proxy CA) share the ConfigMap, so nothing there is dropped — header lists and allowed
 * names are unions (existing first), CA bundles hold the certificates of both, without duplicates and without those
 * expired more than five minutes ago. Removing a value is left to the cluster admin (delete the ConfigMap and the
 * controllers write it back).
 * @module
 */
import type { X509Certificate } from 'node:crypto';
import { EXTENSION_AUTH_KEYS, type ExtensionAPIServerAuthentication, parseCertificateBundle, readStringList } from '@apiserver/server';

/** Upstream's slack for expired certificates (a certificate is kept until five minutes after its NotAfter). */
export const EXPIRED_CERTIFICATE_SLACK_MS = 5 * 60_000;

/** The ConfigMap's content with every list read, whether or not a requestheader CA is there (upstream `ClusterAuthenticationInfo`). */
interface ClusterAuthenticationInfo {
  readonly clientCA: string;
  readonly requestHeaderCA: string;
  readonly allowedNames: readonly string[];
  readonly usernameHeaders: readonly string[];
  readonly uidHeaders: readonly string[];
  readonly groupHeaders: readonly string[];
  readonly extraHeaderPrefixes: readonly string[];
}

function infoOfData(data: Readonly<Record<string, string>>): ClusterAuthenticationInfo {
  return {
    clientCA: data[EXTENSION_AUTH_KEYS.clientCA] ?? '',
    requestHeaderCA: data[EXTENSION_AUTH_KEYS.requestHeaderClientCA] ?? '',
    allowedNames: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderAllowedNames),
    usernameHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderUsernameHeaders),
    uidHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderUIDHeaders),
    groupHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderGroupHeaders),
    extraHeaderPrefixes: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderExtraHeadersPrefix),
  };
}

function infoOfRequired(info: ExtensionAPIServerAuthentication): ClusterAuthenticationInfo {
  const rh = info.requestHeader;
  return {
    clientCA: info.clientCA ?? '',
    requestHeaderCA: rh?.clientCA ?? '',
    allowedNames: rh?.allowedNames ?? [],
    usernameHeaders: rh?.usernameHeaders ?? [],
    uidHeaders: rh?.uidHeaders ?? [],
    groupHeaders: rh?.groupHeaders ?? [],
    extraHeaderPrefixes: rh?.extraHeaderPrefixes ?? [],
  };
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** The certificates of both bundles (existing first), duplicates and long-expired ones dropped, as PEM ('' for none). */
export function combineCertificateBundles(existing: string, required: string, now: number): string {
  const certs: X509Certificate[] = [...(existing === '' ? [] : parseCertificateBundle(existing)), ...(required === '' ? [] : parseCertificateBundle(required))];
  const seen = new Set<string>();
  const kept = certs.filter((cert) => {
    if (Date.parse(cert.validTo) <= now - EXPIRED_CERTIFICATE_SLACK_MS) return false;
    const raw = cert.raw.toString('base64');
    if (seen.has(raw)) return false;
    seen.add(raw);
    return true;
  });
  return kept.map((cert) => cert.toString()).join('');
}

/**
 * What the ConfigMap should hold: its current `data` merged with this server's settings. Throws when the current
 * data cannot be read (a list that is not JSON, a CA value without a certificate), as upstream's sync fails.
 */
export function combinedClusterAuthenticationInfo(existingData: Readonly<Record<string, string>>, required: ExtensionAPIServerAuthentication, now = Date.now()): ExtensionAPIServerAuthentication {
  const lhs = infoOfData(existingData);
  const rhs = infoOfRequired(required);
  const clientCA = combineCertificateBundles(lhs.clientCA, rhs.clientCA, now);
  const requestHeaderCA = combineCertificateBundles(lhs.requestHeaderCA, rhs.requestHeaderCA, now);
  return {
    ...(clientCA !== '' && { clientCA }),
    ...(requestHeaderCA !== '' && {
      requestHeader: {
        clientCA: requestHeaderCA,
        allowedNames: union(lhs.allowedNames, rhs.allowedNames),
        usernameHeaders: union(lhs.usernameHeaders, rhs.usernameHeaders),
        uidHeaders: union(lhs.uidHeaders, rhs.uidHeaders),
        groupHeaders: union(lhs.groupHeaders, rhs.groupHeaders),
        extraHeaderPrefixes: union(lhs.extraHeaderPrefixes, rhs.extraHeaderPrefixes),
      },
    }),
  };
}
