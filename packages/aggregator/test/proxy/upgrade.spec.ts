import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Authorizer, RequestAuthenticator } from '@apiserver/server';
import t from 'tap';
import { WebSocket, WebSocketServer } from 'ws';
import { apiService, eventually, startAggregator } from '../fixtures.js';

const aliceAuthenticator: RequestAuthenticator = {
  authenticateRequest(request) {
    return request.headers.authorization === 'Bearer alice' ? { name: 'alice', uid: '', groups: ['devs'] } : undefined;
  },
};
/** Anonymous users may do nothing. */
const noAnonymous: Authorizer = {
  authorize: (a) => (a.user?.name === 'system:anonymous' ? { decision: 'Deny', reason: '' } : { decision: 'Allow', reason: '' }),
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function open(url: string, headers: Record<string, string>): Promise<{ ws: WebSocket; messages: string[] } | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: string[] = [];
    ws.on('message', (m) => messages.push(String(m)));
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', reject);
  });
}

t.test('WebSocket upgrades are tunnelled to the backend through the handler chain', async (t) => {
  // The backend: greets with the user it was told about, then echoes.
  const backend = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"kind":"APIResourceList","groupVersion":"echo.example.com/v1","resources":[]}');
  });
  const wss = new WebSocketServer({ noServer: true });
  backend.on('upgrade', (req, socket, head) => {
    if (req.url?.endsWith('/refuse')) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(`hello ${String(req.headers['x-remote-user'])} ${String(req.headers['x-remote-group'])} auth=${String(req.headers.authorization)} ${req.url ?? ''}`);
      ws.on('message', (m) => ws.send(`echo ${String(m)}`));
    });
  });
  const backendHost = await listen(backend);

  const f = await startAggregator({
    autoRegister: false,
    genericConfig: { log: () => undefined, authentication: { authenticators: [aliceAuthenticator] }, authorization: { authorizer: noAnonymous } },
  });
  const front = createServer(f.aggregator.requestListener).on('upgrade', f.aggregator.upgradeListener);
  const frontHost = await listen(front);
  t.teardown(async () => {
    front.closeAllConnections();
    front.close();
    wss.close();
    backend.closeAllConnections();
    backend.close();
    await f.stop();
  });
  f.services.set('ns/echo:443', `http://${backendHost}`);
  // Anonymous requests are denied here: register through the Store.
  await f.aggregator.stores.apiServices.create({}, apiService('echo.example.com', 'v1', { service: { namespace: 'ns', name: 'echo' } }) as never);
  t.ok(await eventually(() => f.aggregator.apiServices.get('v1.echo.example.com')?.status?.conditions?.[0]?.status === 'True'));

  const opened = await open(`ws://${frontHost}/apis/echo.example.com/v1/namespaces/default/things/x/exec?command=ls`, { authorization: 'Bearer alice' });
  if (!('ws' in opened)) throw new Error(`no upgrade: ${opened.status}`);
  t.ok(await eventually(() => opened.messages.length === 1));
  t.equal(opened.messages[0], 'hello alice devs, system:authenticated auth=undefined /apis/echo.example.com/v1/namespaces/default/things/x/exec?command=ls');
  opened.ws.send('ping');
  t.ok(await eventually(() => opened.messages.length === 2));
  t.equal(opened.messages[1], 'echo ping');
  opened.ws.close();

  const anonymous = await open(`ws://${frontHost}/apis/echo.example.com/v1/namespaces/default/things/x/exec`, {});
  t.same(anonymous, { status: 403 }, 'the handler chain authorizes upgrades');
  const refused = await open(`ws://${frontHost}/apis/echo.example.com/v1/namespaces/default/things/x/refuse`, { authorization: 'Bearer alice' });
  t.same(refused, { status: 403 }, "a backend's plain answer is relayed");
  const local = await open(`ws://${frontHost}/apis/nothing.example.com/v1/x`, { authorization: 'Bearer alice' });
  t.same(local, { status: 404 }, 'no APIService: the delegate answers without upgrading');

  backend.closeAllConnections();
  await new Promise<void>((r) => backend.close(() => r()));
  const down = await open(`ws://${frontHost}/apis/echo.example.com/v1/namespaces/default/things/x/exec`, { authorization: 'Bearer alice' });
  t.same(down, { status: 503 }, 'an unreachable backend');
});
