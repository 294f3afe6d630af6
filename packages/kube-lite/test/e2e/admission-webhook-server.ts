/**
 * A real admission webhook for the e2e tests: a `node:https` server (certificates from a throw-away CA) answering
 * AdmissionReview v1 on `/mutate` (adds the label `webhook-mutated: "true"` with a JSON Patch) and `/validate`
 * (denies objects labelled `deny: "true"`, warns on every object it sees and adds an audit annotation).
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeServingCertificates, tempDir } from '@apiserver/testing';

/** The label the mutating webhook adds. */
export const MUTATED_LABEL = 'webhook-mutated';
/** The denial message of the validating webhook. */
export const DENY_MESSAGE = 'objects labelled deny=true are not allowed';
/** The warning of the validating webhook. */
export const WARNING = 'seen by the e2e validating webhook';

type Review = { request: { uid: string; object?: { metadata?: { labels?: Record<string, string> } } | null } };

function mutate(review: Review): Record<string, unknown> {
  const labels = review.request.object?.metadata?.labels;
  const patch =
    labels === undefined ? [{ op: 'add', path: '/metadata/labels', value: { [MUTATED_LABEL]: 'true' } }] : [{ op: 'add', path: `/metadata/labels/${MUTATED_LABEL}`, value: 'true' }];
  return { uid: review.request.uid, allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(patch)).toString('base64') };
}

function validate(review: Review): Record<string, unknown> {
  const denied = review.request.object?.metadata?.labels?.['deny'] === 'true';
  return { uid: review.request.uid, allowed: !denied, warnings: [WARNING], auditAnnotations: { 'label-checked': 'true' }, ...(denied && { status: { message: DENY_MESSAGE } }) };
}

/** A running webhook server. */
export interface AdmissionWebhookServer {
  /** `https://127.0.0.1:<port>`. */
  readonly url: string;
  /** Base64 PEM of the CA that signed its certificate (`caBundle`). */
  readonly caBundle: string;
  /** The reviews received, by path. */
  readonly reviews: { readonly path: string; readonly review: Review }[];
  /** Stops the server and removes the certificates. */
  stop(): Promise<void>;
}

/** Starts the webhook on a free port of 127.0.0.1, its certificate valid for 127.0.0.1 and `webhook.default.svc`. */
export async function startAdmissionWebhook(): Promise<AdmissionWebhookServer> {
  const dir = await tempDir('admission-webhook-');
  const certs = makeServingCertificates(dir.path, { ips: ['127.0.0.1'], dnsNames: ['webhook.default.svc'] });
  const reviews: { path: string; review: Review }[] = [];
  const server: Server = createServer({ cert: certs.cert, key: certs.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Review;
      const path = (req.url ?? '').split('?')[0] ?? '';
      reviews.push({ path, review });
      const response = path === '/mutate' ? mutate(review) : validate(review);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    caBundle: certs.caBundle,
    reviews,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await dir.remove();
    },
  };
}
