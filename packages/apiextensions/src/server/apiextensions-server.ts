/**
 * `createAPIExtensionsServer` (`pkg/apiserver/apiserver.go` `CustomResourceDefinitions.New`): a
 * GenericAPIServer serving `apiextensions.k8s.io/v1` CustomResourceDefinitions, with the CRD
 * handler serving custom resources in front of the delegate, and the controllers started by the
 * `start-apiextensions-controllers` post-start hook.
 *
 * @module
 */
import type { AdmissionInterface } from '@apiserver/registry';
import { Scheme } from '@apiserver/runtime';
import { type DelegationTarget, GenericAPIServer, type GenericAPIServerConfig, newEmptyDelegate } from '@apiserver/server';
import { addAPIExtensionsV1Kinds } from '../apis/schema.js';
import { APIEXTENSIONS_GROUP } from '../apis/types.js';
import { CRDController } from '../controllers/crd-controller.js';
import type { ConversionWebhookOptions } from '../customresource/cr-converter.js';
import { CRDHandler } from '../customresource/crd-handler.js';
import { type CustomResourceDefinitionStorage, newCustomResourceDefinitionStorage } from '../registry/crd-storage.js';
import { crdDelegationTarget } from './crd-delegate.js';
import { TextCodecFactory } from './json-codecs.js';
import { CachedRESTOptionsGetter, type RESTOptionsGetter } from './rest-options.js';
import { addMetaKinds } from '@apiserver/runtime';

/** What the apiextensions server is built from. */
export interface APIExtensionsServerOptions {
  /** Storage of CRDs and of every custom resource (`<plural>` in the CRD's group). */
  readonly restOptionsGetter: RESTOptionsGetter;
  /** Settings of the GenericAPIServer (authentication, authorization, limits…); its `delegate` is ignored. */
  readonly genericConfig?: Omit<GenericAPIServerConfig, 'delegate'>;
  /** Admission plugins of CRD and custom resource requests. */
  readonly admission?: AdmissionInterface;
  /** How conversion webhooks are reached: the Service resolver (upstream `ServiceResolver`) and the call deadline. */
  readonly conversionWebhook?: ConversionWebhookOptions;
}

/** The apiextensions-apiserver: its GenericAPIServer, CRD storage, custom resource handler and controllers. */
export class APIExtensionsServer {
  /** The server (a DelegationTarget for the next server of the chain). */
  readonly genericAPIServer: GenericAPIServer;
  /** The CRD handler serving custom resources. */
  readonly crdHandler: CRDHandler;
  /** CRD storage. */
  readonly storage: CustomResourceDefinitionStorage;
  readonly #controller: CRDController;

  /** Builds the server in front of `delegate`. */
  constructor(options: APIExtensionsServerOptions, delegate: DelegationTarget) {
    const getter = new CachedRESTOptionsGetter(options.restOptionsGetter);
    const config = options.genericConfig ?? {};
    const log = config.log ?? ((message: string) => console.error(message));
    let onServed = (): void => undefined;
    this.crdHandler = new CRDHandler({
      restOptionsGetter: getter,
      delegate: delegate.unprotectedHandler(),
      onChange: () => onServed(),
      ...(options.admission !== undefined && { admission: options.admission }),
      ...(options.conversionWebhook !== undefined && { conversionWebhook: options.conversionWebhook }),
      ...(config.minRequestTimeoutSeconds !== undefined && { minRequestTimeoutSeconds: config.minRequestTimeoutSeconds }),
      ...(config.maxRequestBodyBytes !== undefined && { maxRequestBodyBytes: config.maxRequestBodyBytes }),
    });
    this.genericAPIServer = new GenericAPIServer({ ...config, delegate: crdDelegationTarget(this.crdHandler, delegate) });
    onServed = () => this.genericAPIServer.openAPI?.invalidate();
    this.storage = newCustomResourceDefinitionStorage(getter);
    const scheme = addAPIExtensionsV1Kinds(addMetaKinds(new Scheme('apiextensions-apiserver')));
    this.genericAPIServer.installAPIGroup({
      prioritizedVersions: [{ group: APIEXTENSIONS_GROUP, version: 'v1' }],
      versionedResourcesStorageMap: {
        v1: { customresourcedefinitions: this.storage.crd, 'customresourcedefinitions/status': this.storage.status },
      },
      scheme,
      codecs: new TextCodecFactory(scheme),
      ...(options.admission !== undefined && { admission: options.admission }),
    });
    this.#controller = new CRDController({
      crdStore: this.storage.crd,
      statusStore: this.storage.statusStore,
      handler: this.crdHandler,
      restOptionsGetter: getter,
      log,
    });
    this.genericAPIServer.addPostStartHook('start-apiextensions-controllers', (context) => this.startControllers(context.signal));
  }

  /**
   * Starts the naming, establishing, finalizing and serving controllers (the post-start hook does
   * this when the chain starts); resolves once the existing CRDs are served.
   */
  startControllers(signal: AbortSignal): Promise<void> {
    return this.#controller.start(signal);
  }
}

/** Creates the apiextensions server in front of `delegate` (default: the empty delegate answering 404). */
export function createAPIExtensionsServer(options: APIExtensionsServerOptions, delegate: DelegationTarget = newEmptyDelegate()): APIExtensionsServer {
  return new APIExtensionsServer(options, delegate);
}
