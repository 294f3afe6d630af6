/**
 * A fake core API server for delegating servers: the extension-apiserver-authentication ConfigMap (GET, the
 * field-selected list and its watch, which streams each change) and TokenReview/SubjectAccessReview answers.
 */
import type { ServerResponse } from 'node:http';
import type { Test } from 'tap';
import { EXTENSION_APISERVER_AUTHENTICATION_PATH } from '../../src/delegation/extension-apiserver-authentication.js';
import { serve } from '../helpers.js';

/** The fake server. */
export interface FakeRemote {
  /** Its base URL. */
  readonly url: string;
  /** Replaces the ConfigMap's data (undefined deletes it); open watches get the event. */
  setData(data: Record<string, string> | undefined): void;
  /** Ends every open watch with an ERROR event (an expired resourceVersion), as a server does after compaction. */
  expireWatches(): void;
  /** How many watches are open. */
  openWatches(): number;
  /** How many lists were asked. */
  lists(): number;
}

type Reviews = (path: string, body: Record<string, unknown>) => { status: number; body: unknown };

/** Serves the ConfigMap holding `data` (none when undefined) and answers reviews with `reviews`. */
export async function fakeRemote(t: Test, data: Record<string, string> | undefined, reviews: Reviews = () => ({ status: 404, body: {} })): Promise<FakeRemote> {
  let current = data;
  let resourceVersion = 1;
  let lists = 0;
  const watches = new Set<ServerResponse>();
  const configMap = () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extension-apiserver-authentication', namespace: 'kube-system', resourceVersion: String(resourceVersion) }, data: current });
  const server = await serve(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === EXTENSION_APISERVER_AUTHENTICATION_PATH) {
      if (current === undefined) res.writeHead(404).end(JSON.stringify({ kind: 'Status', message: 'configmaps "extension-apiserver-authentication" not found' }));
      else res.writeHead(200).end(JSON.stringify(configMap()));
      return;
    }
    if (url.pathname === '/api/v1/namespaces/kube-system/configmaps' && url.searchParams.get('fieldSelector') === 'metadata.name=extension-apiserver-authentication') {
      if (url.searchParams.get('watch') !== '1') {
        lists++;
        res.writeHead(200).end(JSON.stringify({ kind: 'ConfigMapList', metadata: { resourceVersion: String(resourceVersion) }, items: current === undefined ? [] : [configMap()] }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      watches.add(res);
      res.on('close', () => watches.delete(res));
      return;
    }
    const a = reviews(url.pathname, (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>);
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  });
  t.teardown(() => server.close());
  return {
    url: server.url,
    setData(next) {
      const type = next === undefined ? 'DELETED' : current === undefined ? 'ADDED' : 'MODIFIED';
      resourceVersion++;
      const object = configMap();
      current = next;
      const event = { type, object: next === undefined ? object : configMap() };
      for (const w of watches) w.write(`${JSON.stringify(event)}\n`);
    },
    expireWatches() {
      const event = { type: 'ERROR', object: { kind: 'Status', status: 'Failure', code: 410, reason: 'Expired', message: 'too old resource version' } };
      for (const w of watches) w.end(`${JSON.stringify(event)}\n`);
    },
    openWatches: () => watches.size,
    lists: () => lists,
  };
}
