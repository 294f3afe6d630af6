/** What {@link kObj} reads: an object with metadata (a Kubernetes object). */
export interface KMetadata {
  /** The object's metadata. */
  readonly metadata?: { readonly name?: string; readonly namespace?: string };
}

/**
 * klog's `ObjectRef`: a reference to an object in a log pair. The text format writes `pod="ns/name"` (`name` alone
 * for a cluster-scoped object), the JSON format `{"name":"…","namespace":"…"}` (namespace left out when empty).
 */
export class ObjectRef {
  /** The object's name. */
  readonly name: string;
  /** The object's namespace (empty for cluster-scoped objects). */
  readonly namespace: string;

  /** A reference to `namespace/name`. */
  constructor(name: string, namespace = '') {
    this.name = name;
    this.namespace = namespace;
  }

  /** `namespace/name`, or `name` without a namespace. */
  toString(): string {
    return this.namespace === '' ? this.name : `${this.namespace}/${this.name}`;
  }

  /** `{name, namespace}` as klog's `ObjectRef.MarshalLog`. */
  toJSON(): { name: string; namespace?: string } {
    return this.namespace === '' ? { name: this.name } : { name: this.name, namespace: this.namespace };
  }
}

/** klog's `KObj`: the reference of an object with metadata. */
export function kObj(object: KMetadata): ObjectRef {
  return new ObjectRef(object.metadata?.name ?? '', object.metadata?.namespace ?? '');
}

/** klog's `KRef`: the reference of `namespace/name`. */
export function kRef(namespace: string, name: string): ObjectRef {
  return new ObjectRef(name, namespace);
}
