/**
 * Test fixture (not a test file): a real `node:https` CRD conversion webhook on 127.0.0.1 with a CA made for the
 * test. It converts CronTabs between v1 (`spec.cronSpec`) and v2 (`spec.schedule`); a test may swap the answer.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeServingCertificates, tempDir } from '@apiserver/testing';
import type { Test } from 'tap';

type Obj = Record<string, unknown> & { apiVersion: string; spec?: Record<string, unknown> };

/** What the webhook received. */
export interface ReceivedReview {
  readonly request: { uid: string; desiredAPIVersion: string; objects: Obj[] };
}

function convert(obj: Obj, desiredAPIVersion: string): Obj {
  const spec = { ...(obj.spec ?? {}) };
  const [from, to] = desiredAPIVersion.endsWith('/v2') ? ['cronSpec', 'schedule'] : ['schedule', 'cronSpec'];
  if (from in spec) {
    spec[to] = spec[from];
    delete spec[from];
  }
  return { ...obj, apiVersion: desiredAPIVersion, spec };
}

/** The answer of a correct webhook: every object converted, the uid echoed. */
export function correctAnswer(review: ReceivedReview): Record<string, unknown> & { response: { uid: string; result: unknown; convertedObjects: Obj[] } } {
  const { uid, desiredAPIVersion, objects } = review.request;
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    response: { uid, result: { status: 'Success' }, convertedObjects: objects.map((o) => convert(o, desiredAPIVersion)) },
  };
}

/** A running webhook. */
export interface ConversionWebhook {
  readonly port: number;
  /** Base64 PEM of its CA. */
  readonly caBundle: string;
  /** Reviews received, in order. */
  readonly reviews: ReceivedReview[];
  /** Replaces the answer; `undefined` answers correctly. */
  answer: ((review: ReceivedReview) => unknown) | undefined;
}

/** Starts the webhook, serving `conv.ns.svc` and 127.0.0.1; closed at teardown. */
export async function startConversionWebhook(t: Test): Promise<ConversionWebhook> {
  const dir = await tempDir('kube-lite-conversion-');
  t.teardown(dir.remove);
  const certs = makeServingCertificates(dir.path, { dnsNames: ['conv.ns.svc'], ips: ['127.0.0.1'] });
  const reviews: ReceivedReview[] = [];
  const hook = { caBundle: certs.caBundle, reviews, answer: undefined as ConversionWebhook['answer'], port: 0 };
  const server = createServer({ cert: certs.cert, key: certs.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedReview;
      reviews.push(review);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(hook.answer?.(review) ?? correctAnswer(review)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  hook.port = (server.address() as AddressInfo).port;
  return hook;
}
