/**
 * The health probes behind `componentstatuses` (pkg/registry/core/componentstatus `HttpServer`, `EtcdServer`;
 * pkg/probe/http): controller-manager (https 127.0.0.1:10257/healthz) and scheduler (https 127.0.0.1:10259/healthz),
 * certificates not verified, 20 s timeout; a 2xx/3xx answer is healthy with the body as message, another status or
 * a connection error unhealthy with the error as message (Go's text for a refused connection). Each etcd storage
 * configuration is healthy (`ok`) when one of its servers answers `/health`.
 * @module
 */
import { get as httpsGet } from 'node:https';

/** The outcome of one probe, as a ComponentCondition of type Healthy. */
export interface ProbeResult {
  /** `True`, `False` or `Unknown`. */
  readonly status: 'True' | 'False' | 'Unknown';
  /** The probe's message (body or failure text). */
  readonly message: string;
  /** An error the probe could not turn into a result. */
  readonly error: string;
}

/** A component to probe. */
export type Probe = () => Promise<ProbeResult>;

const PROBE_TIMEOUT_MS = 20_000;
/** kube-controller-manager's secure port (`ports.KubeControllerManagerPort`). */
export const KUBE_CONTROLLER_MANAGER_PORT = 10257;
/** kube-scheduler's secure port (`DefaultKubeSchedulerPort`). */
export const KUBE_SCHEDULER_PORT = 10259;

/** Go's `net/http` text for a failed request: `Get "url": dial tcp host:port: connect: connection refused`. */
export function goRequestError(url: string, err: NodeJS.ErrnoException): string {
  const { hostname, port } = new URL(url);
  if (err.code === 'ECONNREFUSED') return `Get "${url}": dial tcp ${hostname}:${port}: connect: connection refused`;
  return `Get "${url}": ${err.message}`;
}

/** Probes `https://127.0.0.1:<port>/healthz` as the prober does. */
export function httpsHealthProbe(port: number): Probe {
  const url = `https://127.0.0.1:${port}/healthz`;
  return () =>
    new Promise((resolve) => {
      const req = httpsGet(url, { rejectUnauthorized: false, timeout: PROBE_TIMEOUT_MS, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          const healthy = code >= 200 && code < 400;
          resolve({ status: healthy ? 'True' : 'False', message: healthy ? Buffer.concat(chunks).toString('utf8') : `HTTP probe failed with statuscode: ${code}`, error: '' });
        });
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('context deadline exceeded (Client.Timeout exceeded while awaiting headers)'), { code: 'ETIMEDOUT' })));
      req.on('error', (err) => resolve({ status: 'False', message: goRequestError(url, err), error: '' }));
    });
}

/** Healthy `ok` when one of `servers` answers its `/health`; else Unhealthy with the last error. */
export function etcdHealthProbe(servers: readonly string[]): Probe {
  return async () => {
    let last = 'no etcd servers';
    for (const server of servers) {
      try {
        const res = await fetch(new URL('/health', server), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
        if (res.ok) return { status: 'True', message: 'ok', error: '' };
        last = `etcd ${server} answered ${res.status}`;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
    }
    return { status: 'False', message: '', error: last };
  };
}
