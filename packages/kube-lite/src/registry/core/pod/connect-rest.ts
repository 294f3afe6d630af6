/**
 * The pod connect subresources (pkg/registry/core/pod/rest/subresources.go and pkg/registry/core/pod/strategy.go
 * `ExecLocation`, `AttachLocation`, `PortForwardLocation`): `pods/exec`, `pods/attach` and `pods/portforward`.
 * kube-lite has no kubelets, so it answers what kube-apiserver answers before it dials one: the container checks,
 * then 400 `pod <name> does not have a host assigned` for a pod without a node. A pod bound to a node (there
 * is no kubelet behind it) answers 503 naming that node.
 * @module
 */
import type { ApiObject, Connecter, ConnectHandler, Getter, OptionsSpec, RequestContext, Storage } from '@apiserver/registry';
import { newBadRequest, newServiceUnavailable } from '@apiserver/runtime';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';

/** What a connect subresource streams. */
export type PodStreamKind = 'exec' | 'attach' | 'portforward';

const OPTIONS: Readonly<Record<PodStreamKind, () => Record<string, unknown>>> = {
  exec: () => ({ stdin: false, stdout: false, stderr: false, tty: false, container: '', command: [] as string[] }),
  attach: () => ({ stdin: false, stdout: false, stderr: false, tty: false, container: '' }),
  portforward: () => ({ ports: [] as string[] }),
};

const names = (containers: readonly Record<string, unknown>[]): string => containers.map((c) => stringAt(c, 'name')).join(' ');

/** The container a stream goes to: the named one (which must exist) or the only one (`streamLocation`). */
export function streamContainer(pod: ApiObject, container: string): string {
  const spec = recordAt(pod, 'spec');
  const containers = recordsAt(spec, 'containers');
  const name = pod.metadata.name ?? '';
  if (container !== '') {
    const all = [...containers, ...recordsAt(spec, 'initContainers'), ...recordsAt(spec, 'ephemeralContainers')];
    if (!all.some((c) => stringAt(c, 'name') === container)) throw newBadRequest(`container ${container} is not valid for pod ${name}`);
    return container;
  }
  if (containers.length === 1) return stringAt(containers[0], 'name');
  if (containers.length === 0) throw newBadRequest(`a container name must be specified for pod ${name}`);
  const init = recordsAt(spec, 'initContainers');
  const initPart = init.length > 0 ? ` or one of the init containers: [${names(init)}]` : '';
  throw newBadRequest(`a container name must be specified for pod ${name}, choose one of: [${names(containers)}]${initPart}`);
}

/** The node of a pod, or 400 `does not have a host assigned`. */
export function podNode(pod: ApiObject): string {
  const node = stringAt(recordAt(pod, 'spec'), 'nodeName');
  if (node === '') throw newBadRequest(`pod ${pod.metadata.name ?? ''} does not have a host assigned`);
  return node;
}

/** What the pod connect storages share: the pods to read, the Pod kind, namespaced, nothing to release. */
export abstract class PodConnectStorage implements Storage {
  /** The pods storage. */
  protected readonly pods: Getter;

  /** Reads pods from `pods`. */
  constructor(pods: Getter) {
    this.pods = pods;
  }

  /** The pods' kind (a connect subresource has no object of its own). */
  newObject(): ApiObject {
    return { apiVersion: 'v1', kind: 'Pod', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Pods are namespaced. */
  namespaceScoped(): boolean {
    return true;
  }
}

/** `pods/exec`, `pods/attach` or `pods/portforward`. */
export class PodStreamREST extends PodConnectStorage implements Connecter {
  readonly #kind: PodStreamKind;

  /** The subresource `kind` over the pods storage. */
  constructor(pods: Getter, kind: PodStreamKind) {
    super(pods);
    this.#kind = kind;
  }

  /** The options of the subresource, from the query. */
  newConnectOptions(): OptionsSpec {
    return { newOptions: OPTIONS[this.#kind], subpath: false, subpathKey: '' };
  }

  /** GET and POST, as upstream. */
  connectMethods(): string[] {
    return ['GET', 'POST'];
  }

  /** Checks the container (exec, attach) and the node; there is no kubelet to stream from. */
  async connect(ctx: RequestContext, name: string, options: Record<string, unknown>): Promise<ConnectHandler> {
    const pod = await this.pods.get(ctx, name, {});
    if (this.#kind !== 'portforward') streamContainer(pod, typeof options.container === 'string' ? options.container : '');
    const node = podNode(pod);
    throw newServiceUnavailable(`no kubelet serves node ${node}: kube-lite runs no nodes`);
  }
}
