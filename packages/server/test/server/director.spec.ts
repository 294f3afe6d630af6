/**
 * The director (k8s `director.ServeHTTP`): a path goes to go-restful when a WebService root owns it (the root, or the
 * root followed by `/`; `/apis` only for itself), else to the non-go-restful mux. Its prefix lookup is checked
 * against the rule applied to every root, for roots added and removed while serving.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { APIServerHandler, restfulOwnsPath } from '../../src/server/api-server-handler.js';

const paths = [
  '/', '//', '//x', '/api', '/api/', '/api/v1', '/api/v1/namespaces/default/pods/p', '/apis', '/apis/', '/apis/apps',
  '/apis/apps/v1', '/apis/apps/v1/deployments', '/apis/apps/v2', '/apisx', '/version', '/version/', '/versionx',
  '/healthz', '/healthz/ping', '/openapi/v2', '/foo/', '/foo//x', '/foo/bar', '*', 'http://host/api', '',
];

function choice(handler: APIServerHandler, path: string): string {
  let chosen = '';
  const request = { url: `${path}?q=1`, method: 'GET', headers: {} } as IncomingMessage;
  const container = handler.goRestfulContainer;
  const dispatch = container.dispatch;
  container.dispatch = () => {
    chosen = 'restful';
    return Promise.resolve();
  };
  handler.nonGoRestfulMux.notFoundHandler(() => {
    chosen = 'mux';
  });
  handler.director(request, {} as ServerResponse);
  container.dispatch = dispatch;
  return chosen;
}

t.test('the director sends a path where the rule on every root says', async (t) => {
  const handler = new APIServerHandler(() => undefined);
  const services = ['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/version', '/foo/', '/'].map((root) => new WebService().path(root));
  const check = (label: string) => {
    const roots = handler.goRestfulContainer.registeredWebServices().map((ws) => ws.rootPath());
    for (const path of paths) {
      const expected = roots.some((root) => restfulOwnsPath(root, path)) ? 'restful' : 'mux';
      t.equal(choice(handler, path), expected, `${label}: ${JSON.stringify(path)}`);
    }
  };
  check('no WebService');
  for (const ws of services) handler.goRestfulContainer.add(ws);
  check('all roots');
  handler.goRestfulContainer.remove(services[1] as WebService);
  handler.goRestfulContainer.remove(services[7] as WebService);
  check('after removing /api/v1 and /');
});
