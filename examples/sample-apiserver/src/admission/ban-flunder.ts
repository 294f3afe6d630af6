/**
 * The BanFlunder admission plugin of k8s.io/sample-apiserver: a flunder may not be created under a name that any
 * fischer lists in `disallowedFlunders`.
 */
import type { Attributes, Lister, MutationInterface, Operation, RequestContext } from '@apiserver/registry';
import { newForbidden } from '@apiserver/runtime';

/** Refuses flunders whose name a fischer disallows (CREATE only, as upstream). */
export class BanFlunder implements MutationInterface {
  readonly name = 'BanFlunder';
  readonly #fischers: Lister;

  /** Reads the fischers from their storage. */
  constructor(fischers: Lister) {
    this.#fischers = fischers;
  }

  /** Handles creates. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** Rejects a disallowed flunder name with upstream's 403. */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.kind.group !== 'wardle.example.com' || a.kind.kind !== 'Flunder') return;
    const name = a.object?.metadata.name ?? '';
    const fischers = await this.#fischers.list({});
    for (const fischer of fischers.items) {
      const disallowed = (fischer as { disallowedFlunders?: string[] }).disallowedFlunders ?? [];
      if (disallowed.includes(name)) {
        throw newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, new Error('this name may not be used, please change the resource name'));
      }
    }
  }
}
