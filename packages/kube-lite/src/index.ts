/**
 * `@apiserver/kube-lite`: a Kubernetes-compatible API server assembled from the apiserver-ts packages.
 * @module
 */
export type { RESTOptions, RESTOptionsGetter, RESTStorageProvider } from './registry/rest-options.js';
