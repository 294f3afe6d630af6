/**
 * A webhook call that got no HTTP answer, worded as Go's `*url.Error` (`Post "<url>": <cause>`) so that the
 * messages clients see match kube-apiserver's.
 * @module
 */

/** The call got no answer: connection, TLS or deadline. */
export class WebhookTransportError extends Error {
  /** The URL posted to (with its `?timeout=` query). */
  readonly url: string;
  /** Whether the deadline passed. */
  readonly timedOut: boolean;

  constructor(url: string, cause: string, timedOut: boolean) {
    super(`Post "${url}": ${cause}`);
    this.name = 'WebhookTransportError';
    this.url = url;
    this.timedOut = timedOut;
  }
}

const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

interface AltNameError {
  readonly host?: string;
  readonly cert?: { readonly subjectaltname?: string };
}

/** Go's `x509.HostnameError` text: the certificate's DNS names (or IPs when an IP was dialed) and the name asked for. */
function hostnameMismatch(err: AltNameError): string {
  const host = err.host ?? '';
  const ip = /^[\d.]+$|:/.test(host);
  const prefix = ip ? 'IP Address:' : 'DNS:';
  const names = (err.cert?.subjectaltname ?? '')
    .split(', ')
    .filter((n) => n.startsWith(prefix))
    .map((n) => n.slice(prefix.length));
  if (names.length === 0) return ip ? `cannot validate certificate for ${host} because it doesn't contain any IP SANs` : 'certificate is not valid for any names';
  return `certificate is valid for ${names.join(', ')}, not ${host}`;
}

/** Go's words for a Node connection or TLS error while dialing `host:port`. */
export function transportCause(err: unknown, hostPort: string): string {
  const e = err as NodeJS.ErrnoException & { reason?: string };
  const code = e?.code ?? '';
  if (code === 'ECONNREFUSED') return `dial tcp ${hostPort}: connect: connection refused`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `dial tcp: lookup ${hostPort.replace(/:\d+$/, '')}: no such host`;
  if (code === 'ECONNRESET') return 'read: connection reset by peer';
  if (UNKNOWN_AUTHORITY.has(code)) return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
  if (code === 'CERT_HAS_EXPIRED') return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `tls: failed to verify certificate: x509: ${hostnameMismatch(err as AltNameError)}`;
  return e instanceof Error ? e.message : String(err);
}
