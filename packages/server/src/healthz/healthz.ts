import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Handler, isPromiseLike } from '../handler.js';
import type { PathRecorderMux } from '../mux/path-recorder-mux.js';
import { alreadyAnswered, httpError } from '../responsewriters.js';
import type { HealthCheckObserver, HealthCheckSLIs } from './health-check-slis.js';
import type { HealthChecker } from './health-checker.js';

/** The query of a request's URL; undefined when it has none. */
function queryOf(request: IncomingMessage): URLSearchParams | undefined {
  const url = request.url ?? '';
  const q = url.indexOf('?');
  return q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
}

/** What a check's throw or rejection is reported as (an empty reason is still a failure). */
function failureOf(err: unknown): unknown {
  return err ?? new Error('check failed');
}

/**
 * Runs one check: undefined when it passed, the failure when it threw, or a promise of either when it is
 * asynchronous (a synchronous check makes no promise).
 */
function runCheck(check: HealthChecker, request: IncomingMessage): unknown | Promise<unknown> {
  let pending: void | Promise<void>;
  try {
    pending = check.check(request);
  } catch (err) {
    // A thrown promise is a failure like any other value (its text is the same as the Error's message here).
    return err instanceof Promise ? new Error(String(err)) : failureOf(err);
  }
  if (!isPromiseLike(pending)) return undefined;
  return Promise.resolve(pending).then(
    () => undefined,
    (err: unknown) => failureOf(err),
  );
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

/** What the checks of one request said so far. */
interface HealthReport {
  /**
   * The verbose text so far; undefined while nobody will read it (no query, every check passed so far): a plain
   * `/healthz` that passes makes no strings.
   */
  output: string | undefined;
  logOutput: string;
  readonly failed: string[];
  /** The names `?exclude=` still has to match (undefined without a query). */
  readonly excluded: Set<string> | undefined;
  /** Where each check's result is recorded (the SLI metrics), if anywhere. */
  readonly observe: HealthCheckObserver | undefined;
}

/** The verbose text of checks that all passed. */
function passedText(checks: readonly HealthChecker[]): string {
  let text = '';
  for (const c of checks) text += `[+]${c.name} ok\n`;
  return text;
}

/** Records the outcome of `checks[i]`. */
function record(report: HealthReport, checks: readonly HealthChecker[], i: number, err: unknown): void {
  const check = checks[i] as HealthChecker;
  report.observe?.(check, err === undefined);
  if (err === undefined) {
    if (report.output !== undefined) report.output += `[+]${check.name} ok\n`;
    return;
  }
  // Without a query nothing was excluded: every check before this one passed.
  report.output ??= passedText(checks.slice(0, i));
  report.output += `[-]${check.name} failed: reason withheld\n`;
  report.logOutput += `[-]${check.name} failed: ${describe(err)}\n`;
  report.failed.push(check.name);
}

/** Runs `checks` from index `from` on, one after the other, synchronously until a check answers with a promise. */
function runChecks(checks: readonly HealthChecker[], from: number, request: IncomingMessage, report: HealthReport): void | Promise<void> {
  for (let i = from; i < checks.length; i++) {
    const check = checks[i] as HealthChecker;
    if (report.excluded?.delete(check.name) === true) {
      report.output = `${report.output ?? ''}[+]${check.name} excluded: ok\n`;
      continue;
    }
    const err = runCheck(check, request);
    if (err instanceof Promise) {
      return err.then((e) => {
        record(report, checks, i, e);
        return runChecks(checks, i + 1, request, report);
      });
    }
    record(report, checks, i, err);
  }
  return undefined;
}

/** Where failed checks are logged with their reasons (the response withholds them). */
export type HealthLogger = (message: string) => void;

/**
 * The root handler of `/<name>`: all checks, `?verbose`, `?exclude=` (k8s `handleRootHealth`); `observe` records
 * the result of each check run.
 */
export function rootHealthHandler(name: string, checks: () => readonly HealthChecker[], log: HealthLogger, observe?: HealthCheckObserver): Handler {
  const answer = (response: ServerResponse, query: URLSearchParams | undefined, report: HealthReport): void => {
    let output = report.output ?? '';
    if (report.excluded !== undefined && report.excluded.size > 0) {
      const names = [...report.excluded].sort().map((c) => JSON.stringify(c)).join(',');
      output += `warn: some health checks cannot be excluded: no matches for ${names}\n`;
    }
    if (report.failed.length > 0) {
      log(`${report.failed.join(',')} check failed: ${name}\n${report.logOutput}`);
      httpError(response, `${output}${name} check failed`, 500);
      return;
    }
    writeText(response, query?.has('verbose') === true ? `${output}${name} check passed\n` : 'ok');
  };
  return (request, response) => {
    const query = queryOf(request);
    const excluded = query === undefined ? undefined : new Set(query.getAll('exclude').map((c) => c.trim()).filter((c) => c !== ''));
    const report: HealthReport = { output: query === undefined ? undefined : '', logOutput: '', failed: [], excluded, observe };
    const pending = runChecks(checks(), 0, request, report);
    if (pending === undefined) return answer(response, query, report);
    return pending.then(() => answer(response, query, report));
  };
}

/** The handler of one check at `/<name>/<check>` (k8s `adaptCheckToHandler`). */
export function checkHandler(check: HealthChecker): Handler {
  const answer = (response: ServerResponse, err: unknown): void => {
    if (err !== undefined) httpError(response, `internal server error: ${describe(err)}`, 500);
    else writeText(response, 'ok');
  };
  return (request, response) => {
    const err = runCheck(check, request);
    if (err instanceof Promise) return err.then((e) => answer(response, e));
    return answer(response, err);
  };
}

/**
 * Installs `/<name>` and `/<name>/<check>` for every check on the mux
 * (k8s `InstallPathHandler`); checks are read at request time. With `slis`, `/<name>` records each check's result
 * in them.
 */
export function installHealthHandlers(
  mux: PathRecorderMux,
  path: string,
  checks: () => readonly HealthChecker[],
  log: HealthLogger = () => undefined,
  slis?: HealthCheckSLIs,
): void {
  const name = path.replace(/^\/+/, '');
  mux.handle(path, rootHealthHandler(name, checks, log, slis?.observerFor(name)));
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
