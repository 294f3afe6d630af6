import type { Handler } from '../handler.js';
import type { PathRecorderMux } from '../mux/path-recorder-mux.js';

/** Installs `/` and `/index.html` (k8s `routes.Index`): `{"paths": [...]}` as indented JSON. */
export function installIndex(mux: PathRecorderMux, listedPaths: () => readonly string[]): void {
  const handler: Handler = (_request, response) => {
    const body = JSON.stringify({ paths: [...new Set(listedPaths())].sort() }, null, '  ');
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  };
  mux.unlistedHandle('/', handler);
  mux.unlistedHandle('/index.html', handler);
}
