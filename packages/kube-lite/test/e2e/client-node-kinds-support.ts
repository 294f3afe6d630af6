/**
 * What the every-kind client-node e2e (client-node-kinds.ts) drives its verbs with: KubernetesObjectApi with JSON
 * patches, a Watch per object, reads that answer a status code, and the collection as a Table.
 */
import type * as ClientNode from '@kubernetes/client-node';
import type { ServedResource } from '../fixtures/every-kind.js';
import { k8s } from './client-node-module.js';
import type { KubeLiteEnv } from './harness.js';

/** A reference to one object (what KubernetesObjectApi reads, patches and deletes by). */
export interface ObjectRef {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace?: string };
}

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  readonly op: 'add' | 'remove' | 'replace' | 'test';
  readonly path: string;
  readonly value?: unknown;
}

/**
 * KubernetesObjectApi that can send a JSON patch: its `patch()` serialises the body as an object of the target's
 * type (both client-node majors), which turns an operation array into an object. The request body is replaced
 * with the operations through the per-call configuration `patch()` takes, whose `baseServer` builds the request.
 */
export class ObjectApi extends k8s.KubernetesObjectApi {
  /** An ObjectApi for `kc`'s current context (its namespace the default), as `KubernetesObjectApi.makeApiClient`. */
  static fromKubeConfig(kc: ClientNode.KubeConfig): ObjectApi {
    const client = kc.makeApiClient(ObjectApi);
    client.setDefaultNamespace(kc);
    return client;
  }

  /** Sends `operations` as `application/json-patch+json` to the object `ref` names. */
  jsonPatch(ref: ObjectRef, operations: readonly JsonPatchOperation[]): Promise<ClientNode.KubernetesObject> {
    const config = this.configuration;
    const baseServer: ClientNode.Configuration['baseServer'] = {
      makeRequestContext(endpoint, method) {
        const context = config.baseServer.makeRequestContext(endpoint, method);
        const setBody = context.setBody.bind(context);
        context.setBody = () => setBody(JSON.stringify(operations));
        return context;
      },
    };
    return this.patch({ ...ref, metadata: { ...ref.metadata } }, undefined, undefined, undefined, undefined, k8s.PatchStrategy.JsonPatch, {
      ...config,
      baseServer,
    });
  }
}

/** The state the every-kind subtests share. */
export interface KindRun {
  readonly env: KubeLiteEnv;
  readonly kc: ClientNode.KubeConfig;
  readonly client: ObjectApi;
  /** The namespace of the namespaced objects. */
  readonly ns: string;
}

/** `obj`'s resourceVersion ('' when it has none). */
export function resourceVersionOf(obj: ClientNode.KubernetesObject): string {
  return obj.metadata?.resourceVersion ?? '';
}

/** The HTTP status of reading `ref`: 200, or the ApiException's code. */
export async function readStatus(client: ObjectApi, ref: ObjectRef): Promise<number> {
  try {
    await client.read({ ...ref, metadata: { ...ref.metadata } });
    return 200;
  } catch (err) {
    if (err instanceof k8s.ApiException) return err.code;
    throw err;
  }
}

/** Reads `ref` every 50 ms until it answers 404 (returned) or `timeoutMs` passed (the last status returned). */
export async function goneWithin(client: ObjectApi, ref: ObjectRef, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = await readStatus(client, ref);
  while (status !== 404 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await readStatus(client, ref);
  }
  return status;
}

/** The collection path of `r` (in `namespace` when namespaced). */
export function collectionPath(r: ServedResource, namespace: string | undefined): string {
  return `/${r.gvPath}${r.namespaced && namespace !== undefined ? `/namespaces/${namespace}` : ''}/${r.name}`;
}

/** What the every-kind test reads of a Table. */
export interface TableSummary {
  /** The name of the first column ('' when the answer is no Table). */
  readonly firstColumn: string;
  /** The name of the column of format `name` (upstream's printers mark the object name so). */
  readonly nameColumn: string;
  /** The cell of that column in each row. */
  readonly names: readonly unknown[];
}

interface TableBody {
  readonly kind?: string;
  readonly columnDefinitions?: ReadonlyArray<{ readonly name: string; readonly format: string }>;
  readonly rows?: ReadonlyArray<{ readonly cells: readonly unknown[] }>;
}

/** Lists `r` as a meta.k8s.io/v1 Table (as kubectl get asks for it) over plain HTTP. */
export async function tableOf(env: KubeLiteEnv, r: ServedResource, namespace: string | undefined): Promise<TableSummary> {
  const res = await fetch(`${env.url}${collectionPath(r, namespace)}`, { headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
  const body = (await res.json()) as TableBody;
  const columns = res.status === 200 && body.kind === 'Table' ? (body.columnDefinitions ?? []) : [];
  const index = columns.findIndex((c) => c.format === 'name');
  return { firstColumn: columns[0]?.name ?? '', nameColumn: columns[index]?.name ?? '', names: (body.rows ?? []).map((row) => row.cells[index]) };
}

/** One watch event as the every-kind test checks it. */
export interface SeenEvent {
  readonly type: string;
  readonly resourceVersion: string;
  /** Whether the object has a deletionTimestamp. */
  readonly marked: boolean;
}

/** A watch on one object: the events seen so far, and how to stop it. */
export interface ObjectWatch {
  readonly events: readonly SeenEvent[];
  stop(): void;
}

/** Watches the object `name` of `r` (a field selector on its collection) from `resourceVersion`. */
export async function openWatch(run: KindRun, r: ServedResource, name: string, resourceVersion: string): Promise<ObjectWatch> {
  const events: SeenEvent[] = [];
  const controller = await new k8s.Watch(run.kc).watch(
    collectionPath(r, run.ns),
    { resourceVersion, fieldSelector: `metadata.name=${name}` },
    (type, obj: ClientNode.KubernetesObject) => events.push({ type, resourceVersion: resourceVersionOf(obj), marked: obj.metadata?.deletionTimestamp !== undefined }),
    (err: unknown) => {
      if (err !== null && err !== undefined && !(err instanceof Error && err.name === 'AbortError')) events.push({ type: `ended: ${String(err)}`, resourceVersion: '', marked: false });
    },
  );
  return { events, stop: () => controller.abort() };
}
