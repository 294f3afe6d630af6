import type { IncomingMessage } from 'node:http';
import type { Handler } from '../handler.js';
import type { PathRecorderMux } from '../mux/path-recorder-mux.js';
import { alreadyAnswered, httpError } from '../responsewriters.js';
import type { HealthChecker } from './health-checker.js';

function queryOf(request: IncomingMessage): URLSearchParams {
  const url = request.url ?? '';
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

async function failureOf(check: HealthChecker, request: IncomingMessage): Promise<unknown> {
  try {
    await check.check(request);
    return undefined;
  } catch (err) {
    return err ?? new Error('check failed');
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function writeText(response: Parameters<Handler>[1], text: string): void {
  if (alreadyAnswered(response)) return;
  response.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Where failed checks are logged with their reasons (the response withholds them). */
export type HealthLogger = (message: string) => void;

/** The root handler of `/<name>`: all checks, `?verbose`, `?exclude=` (k8s `handleRootHealth`). */
export function rootHealthHandler(name: string, checks: () => readonly HealthChecker[], log: HealthLogger): Handler {
  return async (request, response) => {
    const query = queryOf(request);
    const excluded = new Set(query.getAll('exclude').map((c) => c.trim()).filter((c) => c !== ''));
    let output = '';
    const failed: string[] = [];
    let logOutput = '';
    for (const check of checks()) {
      if (excluded.delete(check.name)) {
        output += `[+]${check.name} excluded: ok\n`;
        continue;
      }
      const err = await failureOf(check, request);
      if (err === undefined) {
        output += `[+]${check.name} ok\n`;
      } else {
        output += `[-]${check.name} failed: reason withheld\n`;
        logOutput += `[-]${check.name} failed: ${describe(err)}\n`;
        failed.push(check.name);
      }
    }
    if (excluded.size > 0) {
      const names = [...excluded].sort().map((c) => JSON.stringify(c)).join(',');
      output += `warn: some health checks cannot be excluded: no matches for ${names}\n`;
    }
    if (failed.length > 0) {
      log(`${failed.join(',')} check failed: ${name}\n${logOutput}`);
      httpError(response, `${output}${name} check failed`, 500);
      return;
    }
    writeText(response, query.has('verbose') ? `${output}${name} check passed\n` : 'ok');
  };
}

/** The handler of one check at `/<name>/<check>` (k8s `adaptCheckToHandler`). */
export function checkHandler(check: HealthChecker): Handler {
  return async (request, response) => {
    const err = await failureOf(check, request);
    if (err !== undefined) httpError(response, `internal server error: ${describe(err)}`, 500);
    else writeText(response, 'ok');
  };
}

/**
 * Installs `/<name>` and `/<name>/<check>` for every check on the mux
 * (k8s `InstallPathHandler`); checks are read at request time.
 */
export function installHealthHandlers(
  mux: PathRecorderMux,
  path: string,
  checks: () => readonly HealthChecker[],
  log: HealthLogger = () => undefined,
): void {
  const name = path.replace(/^\/+/, '');
  mux.handle(path, rootHealthHandler(name, checks, log));
  mux.unlistedHandlePrefix(`${path}/`, (request, response) => {
    const url = request.url ?? '';
    const q = url.indexOf('?');
    const checkName = (q === -1 ? url : url.slice(0, q)).slice(path.length + 1);
    const check = checks().find((c) => c.name === checkName);
    if (check === undefined) {
      httpError(response, '404 page not found', 404);
      return undefined;
    }
    return checkHandler(check)(request, response);
  });
}
