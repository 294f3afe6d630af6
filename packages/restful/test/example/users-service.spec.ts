import t from 'tap';
import { createExampleContainer } from '../../src/example/users-service.js';
import { setLogger } from '../../src/log.js';
import { startServer } from '../helpers/http.js';

t.test('example users API over HTTP', async (t) => {
  const logs: string[] = [];
  setLogger({ print: (m) => logs.push(m) });
  const server = await startServer(createExampleContainer({ log: true }).handler());
  t.teardown(() => server.close());
  const json = { 'content-type': 'application/json' };
  const steps: ReadonlyArray<{ method?: string; path: string; headers?: Record<string, string>; body?: string; status: number; text?: string }> = [
    { path: '/users', status: 200, text: '[\n {\n  "id": "1",\n  "name": "Ada"\n }\n]' },
    { path: '/users/1', status: 200, text: '{\n "id": "1",\n "name": "Ada"\n}' },
    { path: '/users/2', status: 404, text: 'User could not be found.' },
    { method: 'POST', path: '/users', headers: json, body: '{"name":"Grace"}', status: 201, text: '{\n "id": "2",\n "name": "Grace"\n}' },
    { method: 'POST', path: '/users', headers: json, body: '{"nope":1}', status: 400, text: 'a user needs a string "name"' },
    { method: 'POST', path: '/users', headers: json, body: '{bad', status: 400 },
    { method: 'PUT', path: '/users/2', headers: json, body: '{"name":"Grace H."}', status: 200, text: '{\n "id": "2",\n "name": "Grace H."\n}' },
    { method: 'PUT', path: '/users/9', headers: json, body: '{"name":"x"}', status: 404 },
    { method: 'PUT', path: '/users/2', headers: json, body: '[]', status: 400 },
    { method: 'DELETE', path: '/users/2', status: 204, text: '' },
    { method: 'DELETE', path: '/users/2', status: 404 },
    { method: 'PATCH', path: '/users/1', status: 405, text: '405: Method Not Allowed' },
    { path: '/users/1', headers: { accept: 'text/html' }, status: 406 },
    { method: 'POST', path: '/users', headers: { 'content-type': 'text/plain' }, body: 'x', status: 415 },
    { path: '/elsewhere', status: 404, text: '404: Page Not Found' },
  ];
  for (const s of steps) {
    const r = await server.send(s);
    t.equal(r.status, s.status, `${s.method ?? 'GET'} ${s.path} ${s.body ?? ''}`);
    if (s.text !== undefined) t.equal(r.text, s.text);
  }
  const pre = await server.send({ method: 'OPTIONS', path: '/users/1', headers: { origin: 'http://ui', 'access-control-request-method': 'PUT' } });
  t.same([pre.status, pre.headers['access-control-allow-methods'], pre.headers['access-control-allow-origin']], [200, 'GET,PUT,DELETE', 'http://ui']);
  t.ok(logs.some((l) => l.startsWith('GET /users/1 -> 200')), 'logging filter');
});
