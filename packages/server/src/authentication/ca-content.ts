/**
 * CA bundles that may change while a server runs (k8s.io/apiserver `dynamiccertificates.CAContentProvider` and its
 * `Notifier`): authenticators read the current bundle per request, the TLS listener re-requests client certificates
 * against it when it changes.
 * @module
 */
import type { X509Certificate } from 'node:crypto';
import { parseCertificateBundle } from './client-cert-verify.js';

/** A CA bundle whose content may change. */
export interface CAContentProvider {
  /** The PEM bundle now; undefined when none is known (nothing verifies against it then). */
  currentCABundleContent(): string | undefined;
  /** Calls `listener` after each change; returns a function removing it. */
  addListener(listener: () => void): () => void;
}

/** Listeners of a changing value (the `Notifier` half of a provider). */
export class ChangeListeners {
  readonly #listeners = new Set<() => void>();

  /** Adds `listener`; returns a function removing it. */
  add(listener: () => void): () => void {
    const own = (): void => listener();
    this.#listeners.add(own);
    return () => this.#listeners.delete(own);
  }

  /** Calls every listener. */
  notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

/** A fixed bundle or a provider: the certificates of its current content, parsed again only when the text changes. */
export class CABundleRoots {
  readonly #provider: CAContentProvider | undefined;
  #pem: string | undefined;
  #roots: readonly X509Certificate[] | undefined;

  /** A fixed PEM bundle is parsed now (throws when it holds no certificate). */
  constructor(source: string | CAContentProvider) {
    if (typeof source === 'string') {
      this.#provider = undefined;
      this.#pem = source;
      this.#roots = parseCertificateBundle(source);
    } else {
      this.#provider = source;
    }
  }

  /** The certificates now, or undefined when the provider knows no bundle. */
  current(): readonly X509Certificate[] | undefined {
    if (this.#provider === undefined) return this.#roots;
    const pem = this.#provider.currentCABundleContent();
    if (pem !== this.#pem) {
      this.#pem = pem;
      this.#roots = pem === undefined ? undefined : parseCertificateBundle(pem);
    }
    return this.#roots;
  }
}

/** The current PEM of a fixed bundle or a provider. */
export function currentCABundle(source: string | CAContentProvider | undefined): string | undefined {
  return source === undefined || typeof source === 'string' ? source : source.currentCABundleContent();
}
