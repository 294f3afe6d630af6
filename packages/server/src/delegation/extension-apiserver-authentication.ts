/**
 * The `kube-system/extension-apiserver-authentication` ConfigMap (kube-apiserver's
 * `clusterauthenticationtrust` controller writes it, delegating servers read it): the client CA and the
 * requestheader (front-proxy) settings that extension API servers use to authenticate requests.
 * @module
 */
import type { RequestHeaderConfig } from '../authentication/request-header.js';

/** The ConfigMap's namespace. */
export const EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE = 'kube-system';
/** The ConfigMap's name. */
export const EXTENSION_APISERVER_AUTHENTICATION_NAME = 'extension-apiserver-authentication';
/** Its path on the API. */
export const EXTENSION_APISERVER_AUTHENTICATION_PATH = `/api/v1/namespaces/${EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE}/configmaps/${EXTENSION_APISERVER_AUTHENTICATION_NAME}`;

/** The ConfigMap's keys. */
export const EXTENSION_AUTH_KEYS = {
  clientCA: 'client-ca-file',
  requestHeaderClientCA: 'requestheader-client-ca-file',
  requestHeaderAllowedNames: 'requestheader-allowed-names',
  requestHeaderUsernameHeaders: 'requestheader-username-headers',
  requestHeaderUIDHeaders: 'requestheader-uid-headers',
  requestHeaderGroupHeaders: 'requestheader-group-headers',
  requestHeaderExtraHeadersPrefix: 'requestheader-extra-headers-prefix',
} as const;

/** What the ConfigMap says. */
export interface ExtensionAPIServerAuthentication {
  /** PEM bundle verifying client certificates (`client-ca-file`). */
  readonly clientCA?: string;
  /** The front proxy's CA, allowed names and headers (present when `requestheader-client-ca-file` is). */
  readonly requestHeader?: RequestHeaderConfig;
}

/** A value of the ConfigMap that cannot be read. */
export class ExtensionAPIServerAuthenticationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ExtensionAPIServerAuthenticationError';
  }
}

/** Go's `json.Marshal` of a string slice: `null` for none, as an unset flag gives. */
function jsonStrings(values: readonly string[] | undefined): string {
  return values === undefined || values.length === 0 ? 'null' : JSON.stringify(values);
}

/** A JSON list of strings of the ConfigMap (missing, empty or `null`: none); throws when it is not one. */
export function readStringList(data: Readonly<Record<string, string>>, key: string): string[] {
  const text = data[key] ?? '';
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ExtensionAPIServerAuthenticationError(`${key}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (parsed === null) return [];
  if (!Array.isArray(parsed) || parsed.some((v) => typeof v !== 'string')) throw new ExtensionAPIServerAuthenticationError(`${key}: not a JSON array of strings`);
  return parsed as string[];
}

/** The ConfigMap's `data` for `info`: the CAs as PEM, the lists as JSON arrays (upstream `getConfigMapDataFor`). */
export function extensionAPIServerAuthenticationData(info: ExtensionAPIServerAuthentication): Record<string, string> {
  const data: Record<string, string> = {};
  if (info.clientCA !== undefined && info.clientCA !== '') data[EXTENSION_AUTH_KEYS.clientCA] = info.clientCA;
  const rh = info.requestHeader;
  if (rh === undefined || rh.clientCA === '') return data;
  data[EXTENSION_AUTH_KEYS.requestHeaderUsernameHeaders] = jsonStrings(rh.usernameHeaders);
  // Only when some are set: servers that do not know the key keep reading the ConfigMap as before.
  if (rh.uidHeaders !== undefined && rh.uidHeaders.length > 0) data[EXTENSION_AUTH_KEYS.requestHeaderUIDHeaders] = jsonStrings(rh.uidHeaders);
  data[EXTENSION_AUTH_KEYS.requestHeaderGroupHeaders] = jsonStrings(rh.groupHeaders);
  data[EXTENSION_AUTH_KEYS.requestHeaderExtraHeadersPrefix] = jsonStrings(rh.extraHeaderPrefixes);
  data[EXTENSION_AUTH_KEYS.requestHeaderClientCA] = rh.clientCA;
  data[EXTENSION_AUTH_KEYS.requestHeaderAllowedNames] = jsonStrings(rh.allowedNames);
  return data;
}

/** Reads the ConfigMap's `data`; throws {@link ExtensionAPIServerAuthenticationError} for a list that is not JSON. */
export function parseExtensionAPIServerAuthentication(data: Readonly<Record<string, string>>): ExtensionAPIServerAuthentication {
  const clientCA = data[EXTENSION_AUTH_KEYS.clientCA] ?? '';
  const requestHeaderCA = data[EXTENSION_AUTH_KEYS.requestHeaderClientCA] ?? '';
  return {
    ...(clientCA !== '' && { clientCA }),
    ...(requestHeaderCA !== '' && {
      requestHeader: {
        clientCA: requestHeaderCA,
        allowedNames: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderAllowedNames),
        usernameHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderUsernameHeaders),
        uidHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderUIDHeaders),
        groupHeaders: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderGroupHeaders),
        extraHeaderPrefixes: readStringList(data, EXTENSION_AUTH_KEYS.requestHeaderExtraHeadersPrefix),
      },
    }),
  };
}
