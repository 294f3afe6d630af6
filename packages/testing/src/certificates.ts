/**
 * Throw-away TLS material for webhook and aggregated servers in tests: a CA and one serving certificate for the
 * given DNS names and IPs, made with the `openssl` CLI.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a test needs to serve TLS and to trust it. */
export interface ServingCertificates {
  /** The CA certificate (PEM). */
  readonly caCert: string;
  /** The serving certificate (PEM), signed by the CA. */
  readonly cert: string;
  /** The serving certificate's private key (PEM). */
  readonly key: string;
  /** Base64 of `caCert`: what a `caBundle` field holds. */
  readonly caBundle: string;
}

/** Names the serving certificate is valid for. */
export interface ServingNames {
  /** DNS names, e.g. `webhook.default.svc`. */
  readonly dnsNames?: readonly string[];
  /** IP addresses, e.g. `127.0.0.1`. */
  readonly ips?: readonly string[];
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Makes a CA and a serving certificate for `names` (127.0.0.1 when none are given) in `dir`. */
export function makeServingCertificates(dir: string, names: ServingNames = {}): ServingCertificates {
  const p = (file: string): string => join(dir, file);
  const openssl = (args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  const sans = [...(names.dnsNames ?? []).map((n) => `DNS:${n}`), ...(names.ips ?? []).map((ip) => `IP:${ip}`)];
  writeFileSync(p('serving.ext'), `subjectAltName=${sans.length === 0 ? 'IP:127.0.0.1' : sans.join(',')}\n`);
  openssl(['req', '-x509', ...EC_KEY, '-keyout', p('ca.key'), '-out', p('ca.crt'), '-days', '2', '-subj', '/CN=test-webhook-ca']);
  openssl(['req', ...EC_KEY, '-keyout', p('serving.key'), '-out', p('serving.csr'), '-subj', '/CN=test-serving']);
  openssl(['x509', '-req', '-in', p('serving.csr'), '-CA', p('ca.crt'), '-CAkey', p('ca.key'), '-CAcreateserial', '-out', p('serving.crt'), '-days', '2', '-extfile', p('serving.ext')]);
  const caCert = readFileSync(p('ca.crt'), 'utf8');
  return { caCert, cert: readFileSync(p('serving.crt'), 'utf8'), key: readFileSync(p('serving.key'), 'utf8'), caBundle: Buffer.from(caCert).toString('base64') };
}
