/**
 * Issue #19's HTTP-level findings: a watch whose `timeoutSeconds` overflowed node's 32-bit timer, a 413 that kept
 * reading a client's endless chunked upload, `Transfer-Encoding: identity, chunked` (501 in Go), /metrics that grew
 * with every made-up path (the heavy requests are cases of their own: `heavy-under-load.ts`).
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { configMaps, type Finding, type FindingContext } from './finding.js';
import { rawExchange, send } from './http-probe.js';

/** Milliseconds a watch with `timeoutSeconds` stays open before it ends, bounded by `observeMs` (undefined: still open). */
function watchLifetime(ctx: FindingContext, timeoutSeconds: number, observeMs: number): Promise<number | undefined> {
  const { hostname, port } = new URL(ctx.url);
  const started = Date.now();
  return new Promise((resolve) => {
    const req = request({ hostname, port, path: configMaps(ctx, `?watch=1&timeoutSeconds=${timeoutSeconds}`), agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(Date.now() - started));
      res.on('error', () => resolve(Date.now() - started));
    });
    req.on('error', () => resolve(Date.now() - started));
    req.end();
    setTimeout(() => {
      resolve(undefined);
      req.destroy();
    }, observeMs);
  });
}

/** What the server did to an endless chunked upload: ms from its 413 to the close, or why not. */
function endlessUpload(ctx: FindingContext, giveUpMs: number): Promise<{ status?: string; closedAfter413Ms?: number; sentBytes: number }> {
  const { hostname, port } = new URL(ctx.url);
  const chunk = `${(64 * 1024).toString(16)}\r\n${'x'.repeat(64 * 1024)}\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let answeredAt: number | undefined;
    let sentBytes = 0;
    const finish = (closed: boolean): void => {
      clearInterval(pump);
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status, closedAfter413Ms: closed && answeredAt !== undefined ? Date.now() - answeredAt : undefined, sentBytes });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.write(`POST ${configMaps(ctx)} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const pump = setInterval(() => {
      if (socket.destroyed || socket.writableNeedDrain) return;
      socket.write(chunk);
      sentBytes += chunk.length;
    }, 5);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      answeredAt ??= Date.now();
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

/** The full size of /metrics in bytes (`send` keeps only a body's first 64 KiB), -1 when it fails. */
async function metricsSize(ctx: FindingContext): Promise<number> {
  const res = await fetch(`${ctx.url}/metrics`).catch(() => undefined);
  return res?.status === 200 ? (await res.arrayBuffer()).byteLength : -1;
}

/** GETs `/api/v<n>x/r<n>/n?dryRun=d<n>` for n in [from, to), 8 at a time on kept-alive connections. */
async function madeUpPaths(ctx: FindingContext, from: number, to: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const next = { i: from };
  const worker = async (): Promise<void> => {
    while (next.i < to) {
      const n = next.i++;
      await send(ctx.url, { method: 'GET', path: `/api/v${n}x/r${n}/n?dryRun=d${n}` }, agent);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  agent.destroy();
}

/** Bound of /metrics after the made-up paths, and of its growth over 500 more. */
const METRICS_MAX_BYTES = 1024 * 1024;
const METRICS_MAX_GROWTH_BYTES = 16 * 1024;

/** The HTTP-level findings. */
export const HTTP_FINDINGS: readonly Finding[] = [
  {
    name: 'watch-timeoutSeconds-2147484-not-ended-by-timer-overflow',
    async check(ctx) {
      const ended = await watchLifetime(ctx, 2_147_484, 1500);
      return ended === undefined ? [] : [`the watch ended after ${ended} ms`];
    },
  },
  {
    name: '413-closes-connection-while-client-keeps-sending',
    async check(ctx) {
      const { status, closedAfter413Ms, sentBytes } = await endlessUpload(ctx, 10_000);
      if (status !== '413') return [`status ${status ?? 'none'} after ${sentBytes} B sent`];
      return closedAfter413Ms !== undefined && closedAfter413Ms <= 2000 ? [] : [`the connection stayed open ${closedAfter413Ms ?? '≥ 10 000'} ms after the 413 (${sentBytes} B sent)`];
    },
  },
  {
    name: 'transfer-encoding-identity-chunked-501',
    async check(ctx) {
      const raw = `POST ${configMaps(ctx)} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: identity, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`;
      const { text } = await rawExchange(ctx.url, [raw], 3000);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      return status === '501' ? [] : [`status ${status ?? 'none'}, want 501: ${text.slice(0, 200)}`];
    },
  },
  {
    name: 'metrics-bounded-after-3000-made-up-paths',
    async check(ctx) {
      const before = await metricsSize(ctx);
      await madeUpPaths(ctx, 0, 3000);
      const after = await metricsSize(ctx);
      await madeUpPaths(ctx, 3000, 3500);
      const more = await metricsSize(ctx);
      const problems: string[] = [];
      if (after > METRICS_MAX_BYTES) problems.push(`/metrics grew from ${before} B to ${after} B after 3 000 made-up paths`);
      if (more - after > METRICS_MAX_GROWTH_BYTES) problems.push(`/metrics grew by ${more - after} B over 500 more made-up paths (${after} → ${more} B)`);
      return problems;
    },
  },
];
