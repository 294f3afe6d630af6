/**
 * kube-lite's `DefaultIngressClass` admission plugin over the served `ingressclasses` storage (upstream reads an
 * informer's cache; here the storage is read directly); left out when IngressClasses are not served.
 * @module
 */
import { DefaultIngressClass, isLister } from '@apiserver/registry';
import type { APIGroupInfo } from '@apiserver/server';
import { storageOf } from '../server/group-storage.js';
import { clusterObjectLister } from './cluster-object-lookup.js';

/** The DefaultIngressClass plugin (classless Ingresses get the default class); undefined when `ingressclasses` is not served. */
export function newDefaultIngressClassAdmission(groups: readonly APIGroupInfo[]): DefaultIngressClass | undefined {
  const classes = storageOf(groups, 'networking.k8s.io', 'ingressclasses');
  if (classes === undefined || !isLister(classes)) return undefined;
  return new DefaultIngressClass(clusterObjectLister(classes));
}
