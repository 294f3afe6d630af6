/**
 * Column definitions shared by every kind's printer (pkg/printers/internalversion/printers.go): the Name and
 * Age columns, whose descriptions are metav1.ObjectMeta's swagger docs, and a builder for the rest.
 * @module
 */
import type { TableColumnDefinition } from '@apiserver/runtime';

/** metav1.ObjectMeta's swagger doc of `name`, the description of every Name column. */
export const OBJECT_META_NAME_DOC =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

/** metav1.ObjectMeta's swagger doc of `creationTimestamp`, the description of every Age column. */
export const OBJECT_META_CREATION_TIMESTAMP_DOC =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** Optional parts of a column definition (Go's zero values when absent). */
export interface ColumnOptions {
  /** OpenAPI format of the cells (`name` for the Name column); "" when absent. */
  readonly format?: string;
  /** 0 = always shown; 1 = only with `kubectl get -o wide`. */
  readonly priority?: number;
}

/** One column definition with Go's zero values filled (`format: ""`, `priority: 0`), as the Table JSON carries them. */
export function column(name: string, type: string, description: string, options: ColumnOptions = {}): TableColumnDefinition {
  return { name, type, format: options.format ?? '', description, priority: options.priority ?? 0 };
}

/** The Name column (string, format `name`). */
export const NAME_COLUMN: TableColumnDefinition = column('Name', 'string', OBJECT_META_NAME_DOC, { format: 'name' });

/** The Age column (string: the human duration since creationTimestamp). */
export const AGE_COLUMN: TableColumnDefinition = column('Age', 'string', OBJECT_META_CREATION_TIMESTAMP_DOC);
