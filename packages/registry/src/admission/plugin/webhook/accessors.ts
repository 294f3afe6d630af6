/**
 * One webhook of a configuration as the plugins see it (upstream `WebhookAccessor`): its spec, a uid unique across
 * the configurations, the configuration's name, and its selectors parsed once.
 * @module
 */
import { LabelsSelector, labelSelectorAsSelector } from '@apiserver/runtime';
import type { MutatingWebhookSpec, ValidatingWebhookSpec, WebhookConfiguration, WebhookSpec } from './types.js';

/** A webhook with what the dispatchers need about it. */
export interface WebhookAccessor<W extends WebhookSpec = WebhookSpec> {
  /** `<configuration>/<webhook>/<n>`: tells two webhooks apart across configurations (reinvocation). */
  readonly uid: string;
  /** Name of the configuration that holds it. */
  readonly configurationName: string;
  /** The webhook as configured. */
  readonly spec: W;
  /** The parsed `namespaceSelector` (throws a StatusError once per call when invalid). */
  namespaceSelector(): LabelsSelector;
  /** The parsed `objectSelector`. */
  objectSelector(): LabelsSelector;
}

class Accessor<W extends WebhookSpec> implements WebhookAccessor<W> {
  readonly uid: string;
  readonly configurationName: string;
  readonly spec: W;
  #namespaceSelector: LabelsSelector | undefined;
  #objectSelector: LabelsSelector | undefined;

  constructor(uid: string, configurationName: string, spec: W) {
    this.uid = uid;
    this.configurationName = configurationName;
    this.spec = spec;
  }

  namespaceSelector(): LabelsSelector {
    this.#namespaceSelector ??= parsed(this.spec.namespaceSelector);
    return this.#namespaceSelector;
  }

  objectSelector(): LabelsSelector {
    this.#objectSelector ??= parsed(this.spec.objectSelector);
    return this.#objectSelector;
  }
}

/** An absent selector selects everything (the API defaults it to `{}`). */
function parsed(spec: WebhookSpec['namespaceSelector']): LabelsSelector {
  return spec === undefined ? LabelsSelector.everything() : labelSelectorAsSelector(spec);
}

/**
 * The accessors of configurations' webhooks in upstream's order: configurations sorted by name, webhooks in their
 * order within each.
 */
export function webhookAccessors<W extends WebhookSpec>(configurations: readonly WebhookConfiguration<W>[]): WebhookAccessor<W>[] {
  const sorted = [...configurations].sort((a, b) => compareNames(a.metadata.name ?? '', b.metadata.name ?? ''));
  const out: WebhookAccessor<W>[] = [];
  for (const c of sorted) {
    const configName = c.metadata.name ?? '';
    const seen = new Map<string, number>();
    for (const w of c.webhooks ?? []) {
      const n = seen.get(w.name) ?? 0;
      seen.set(w.name, n + 1);
      out.push(new Accessor(`${configName}/${w.name}/${n}`, configName, w));
    }
  }
  return out;
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Accessors of mutating webhooks. */
export type MutatingWebhookAccessor = WebhookAccessor<MutatingWebhookSpec>;
/** Accessors of validating webhooks. */
export type ValidatingWebhookAccessor = WebhookAccessor<ValidatingWebhookSpec>;
