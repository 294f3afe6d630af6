import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Handler } from '../handler.js';
import type { PathRecorderMux } from '../mux/path-recorder-mux.js';
import { collectCPUProfile, CPUProfilingInUseError } from '../pprof/cpu-profile.js';
import { collectHeapProfile, startHeapSampling } from '../pprof/heap-profile.js';
import { encodePprofProfile, type PprofProfile } from '../pprof/profile-proto.js';
import { requestSignal } from '../request/context.js';

/** The CPU profile's length when `seconds` is absent or not a positive integer (Go's default). */
export const DEFAULT_CPU_PROFILE_SECONDS = 30;

/** The profiles the index lists, with what they hold. */
const PROFILES: readonly (readonly [string, string])[] = [
  ['heap', 'live objects, sampled about every 512 KiB allocated since profiling was installed (V8 sampling heap profiler)'],
  ['profile', 'the JavaScript thread sampled for the seconds query parameter (default 30; V8 CPU profiler)'],
];

/** Go's `serveError`: a plain-text error with pprof's marker header. */
function serveError(response: ServerResponse, status: number, text: string): void {
  response.removeHeader('Content-Disposition');
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Go-Pprof': '1' });
  response.end(`${text}\n`);
}

/** Writes a profile as Go does: gzipped protobuf, `application/octet-stream`, an attachment named after it. */
function writeProfile(response: ServerResponse, name: string, profile: PprofProfile): void {
  const body = gzipSync(encodePprofProfile(profile));
  response.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Content-Length': body.length,
  });
  response.end(body);
}

function queryOf(request: IncomingMessage): URLSearchParams {
  const url = request.url ?? '';
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/** `pprof.Profile`: a CPU profile of `seconds` (Go's `strconv.ParseInt`; not positive or invalid = 30). */
const cpuProfileHandler: Handler = async (request, response) => {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  const raw = queryOf(request).get('seconds') ?? '';
  const parsed = /^[+-]?\d+$/.test(raw) ? Number(raw) : 0;
  const seconds = parsed > 0 ? parsed : DEFAULT_CPU_PROFILE_SECONDS;
  try {
    writeProfile(response, 'profile', await collectCPUProfile(seconds, requestSignal(request)));
  } catch (err) {
    const reason = err instanceof CPUProfilingInUseError ? err.message : String(err);
    serveError(response, 500, `Could not enable CPU profiling: ${reason}`);
  }
};

function indexPage(): string {
  const rows = PROFILES.map(([name]) => `<tr><td><a href='${name}'>${name}</a></td></tr>`).join('\n');
  const descriptions = PROFILES.map(([name, desc]) => `<li><div class=profile-name>${name}: </div> ${desc}</li>`).join('\n');
  return `<html>\n<head>\n<title>/debug/pprof/</title>\n</head>\n<body>\n/debug/pprof/\n<br>\nTypes of profiles available:\n<table>\n${rows}\n</table>\n<p>\nProfile Descriptions:\n<ul>\n${descriptions}\n</ul>\n</p>\n</body>\n</html>\n`;
}

/** `pprof.Index`: the index page at `/debug/pprof/`, a named profile below it (`heap`), else 404 `Unknown profile`. */
const indexHandler: Handler = async (request, response) => {
  const path = (request.url ?? '').split('?')[0] ?? '';
  const name = path.slice('/debug/pprof/'.length);
  if (name === '') {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(indexPage());
    return;
  }
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (name !== 'heap') return serveError(response, 404, 'Unknown profile');
  writeProfile(response, name, await collectHeapProfile());
};

/** Go's `http.Redirect` with 302 to `/debug/pprof/`. */
const redirectHandler: Handler = (request, response) => {
  const body = request.method === 'GET' || request.method === 'HEAD' ? '<a href="/debug/pprof/">Found</a>.\n\n' : '';
  response.writeHead(302, { Location: '/debug/pprof/', ...(body !== '' && { 'Content-Type': 'text/html; charset=utf-8' }) });
  response.end(body);
};

/**
 * `routes.Profiling`: `/debug/pprof` (a redirect), the `/debug/pprof/` index, `/debug/pprof/heap` and
 * `/debug/pprof/profile` in pprof's gzipped protobuf format, all unlisted; starts heap sampling.
 */
export function installProfiling(mux: PathRecorderMux): void {
  mux.unlistedHandle('/debug/pprof', redirectHandler);
  mux.unlistedHandlePrefix('/debug/pprof/', indexHandler);
  mux.unlistedHandle('/debug/pprof/profile', cpuProfileHandler);
  // A failure shows when a heap profile is asked for (its promise is kept).
  startHeapSampling().catch(() => undefined);
}
