/**
 * `pods/log` (pkg/registry/core/pod/rest/log.go `LogREST`, strategy.go `LogLocation` and `validateContainer`).
 * The PodLogOptions of the query are validated as 1.32's `ValidatePodLogOptions` with PodLogsQuerySplitStreams off
 * (its default), then the pod is read and the container checked. A pod without a node has no log yet: upstream's
 * empty location, which the GET handler answers with 204 No Content. A pod bound to a node answers 503 like the
 * other connect subresources: kube-lite runs no kubelet to read logs from.
 * @module
 */
import type { ApiObject, GetterWithOptions, OptionsSpec, RequestContext, ResourceStreamer, StorageMetadata } from '@apiserver/registry';
import { type FieldError, fieldForbidden as forbidden, fieldInvalid as invalid, newBadRequest, newInvalid, newPath, newServiceUnavailable } from '@apiserver/runtime';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { PodConnectStorage } from './connect-rest.js';

/** PodLogOptions' query fields; the pointer fields are absent unless the query names them. */
const LOG_OPTIONS: OptionsSpec = {
  newOptions: () => ({
    container: '',
    follow: false,
    previous: false,
    sinceSeconds: 0,
    sinceTime: '',
    timestamps: false,
    tailLines: 0,
    limitBytes: 0,
    insecureSkipTLSVerifyBackend: false,
    stream: '',
  }),
  subpath: false,
  subpathKey: '',
  optional: ['sinceSeconds', 'sinceTime', 'tailLines', 'limitBytes', 'stream'],
};

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** `ValidatePodLogOptions(opts, false)`: the checks of 1.32 with stream selection off. */
export function validatePodLogOptions(options: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  const { tailLines, limitBytes, sinceSeconds, sinceTime } = options;
  if (typeof tailLines === 'number' && tailLines < 0) errs.push(invalid(newPath('tailLines'), tailLines, 'must be greater than or equal to 0'));
  if (typeof limitBytes === 'number' && limitBytes < 1) errs.push(invalid(newPath('limitBytes'), limitBytes, 'must be greater than 0'));
  if (sinceSeconds !== undefined && sinceTime !== undefined) {
    errs.push(forbidden(newPath(''), 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  } else if (typeof sinceSeconds === 'number' && sinceSeconds < 1) {
    errs.push(invalid(newPath('sinceSeconds'), sinceSeconds, 'must be greater than 0'));
  }
  if (options.stream !== undefined) errs.push(forbidden(newPath('stream'), 'may not be specified'));
  return errs;
}

/** Every container name of the pod in `VisitContainers` order: init containers, containers, ephemeral containers. */
function containerNames(spec: Record<string, unknown> | undefined): string[] {
  return ['initContainers', 'containers', 'ephemeralContainers'].flatMap((key) => recordsAt(spec, key).map((c) => stringAt(c, 'name')));
}

/** `validateContainer`: the named container must exist; without a name the pod must have exactly one container. */
export function logContainer(pod: ApiObject, container: string): string {
  const spec = recordAt(pod, 'spec');
  const name = pod.metadata.name ?? '';
  if (container !== '') {
    if (!containerNames(spec).includes(container)) throw newBadRequest(`container ${container} is not valid for pod ${name}`);
    return container;
  }
  const containers = recordsAt(spec, 'containers');
  if (containers.length === 1) return stringAt(containers[0], 'name');
  if (containers.length === 0) throw newBadRequest(`a container name must be specified for pod ${name}`);
  throw newBadRequest(`a container name must be specified for pod ${name}, choose one of: [${containerNames(spec).join(' ')}]`);
}

/** `pods/log` over the pods storage. */
export class PodLogREST extends PodConnectStorage implements GetterWithOptions, StorageMetadata {
  /** PodLogOptions from the query. */
  newGetOptions(): OptionsSpec {
    return LOG_OPTIONS;
  }

  /** Logs are `text/plain`, listed before the serializers' types in the route's `produces`, as upstream. */
  producesMIMETypes(): string[] {
    return ['text/plain'];
  }

  /** A log is a string, not a Pod (upstream's `""`). */
  producesObject(): unknown {
    return '';
  }

  /** Validates the options, reads the pod, checks the container; an unscheduled pod streams nothing. */
  async get(ctx: RequestContext, name: string, options: Record<string, unknown>): Promise<ResourceStreamer> {
    if (typeof options.sinceTime === 'string' && !RFC3339.test(options.sinceTime)) {
      throw newBadRequest(`sinceTime: ${JSON.stringify(options.sinceTime)} is not an RFC 3339 time`);
    }
    const errs = validatePodLogOptions(options);
    if (errs.length > 0) throw newInvalid({ group: '', kind: 'PodLogOptions' }, name, errs);
    const pod = await this.pods.get(ctx, name, {});
    logContainer(pod, typeof options.container === 'string' ? options.container : '');
    const node = stringAt(recordAt(pod, 'spec'), 'nodeName');
    if (node !== '') throw newServiceUnavailable(`no kubelet serves node ${node}: kube-lite runs no nodes`);
    const flush = options.follow === true;
    return { inputStream: async () => ({ flush, contentType: 'text/plain' }) };
  }
}
