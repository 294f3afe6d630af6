/**
 * `kubectl get nodes` columns (printers.go `nodeColumnDefinitions`, `printNode`, generated wide on the
 * server): NAME STATUS ROLES AGE VERSION, and with `-o wide` INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION
 * CONTAINER-RUNTIME.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ageCell } from '../../../printers/cells.js';
import { AGE_COLUMN, column, NAME_COLUMN } from '../../../printers/columns.js';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { type PrinterOptions, PrinterTableConvertor } from '../../../printers/table-convertor.js';

const ADDRESSES_DOC =
  "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node's address in its own status or consumers of the downward API (status.hostIP).";

/** The Node columns (priority 1 = wide only). */
export const NODE_COLUMNS = [
  NAME_COLUMN,
  column('Status', 'string', 'The status of the node'),
  column('Roles', 'string', 'The roles of the node'),
  AGE_COLUMN,
  column('Version', 'string', 'Kubelet Version reported by the node.'),
  column('Internal-IP', 'string', ADDRESSES_DOC, { priority: 1 }),
  column('External-IP', 'string', ADDRESSES_DOC, { priority: 1 }),
  column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', { priority: 1 }),
  column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", { priority: 1 }),
  column('Container-Runtime', 'string', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', {
    priority: 1,
  }),
] as const;

const ROLE_PREFIX = 'node-role.kubernetes.io/';
const ROLE_LABEL = 'kubernetes.io/role';

/** The STATUS cell: `Ready`/`NotReady` from the Ready condition (`Unknown` without one), `,SchedulingDisabled` when cordoned. */
export function nodeStatus(node: ApiObject): string {
  const status: string[] = [];
  const ready = recordsAt(recordAt(node, 'status'), 'conditions').find((c) => c.type === 'Ready');
  if (ready !== undefined) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (recordAt(node, 'spec')?.unschedulable === true) status.push('SchedulingDisabled');
  return status.join(',');
}

/** The node's roles from `node-role.kubernetes.io/<role>` and `kubernetes.io/role=<role>` labels, sorted and unique. */
export function nodeRoles(node: ApiObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX)) {
      const role = k.slice(ROLE_PREFIX.length);
      if (role !== '') roles.add(role);
    } else if (k === ROLE_LABEL && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort();
}

function addressOf(node: ApiObject, type: string): string {
  const found = recordsAt(recordAt(node, 'status'), 'addresses').find((a) => a.type === type);
  return found === undefined ? '<none>' : stringAt(found, 'address');
}

/** The cells of one node's row, wide order. */
export function nodeCells(node: ApiObject, now: number): unknown[] {
  const info = recordAt(recordAt(node, 'status'), 'nodeInfo');
  const orUnknown = (key: string) => stringAt(info, key) || '<unknown>';
  const roles = nodeRoles(node).join(',');
  return [
    node.metadata.name ?? '',
    nodeStatus(node),
    roles === '' ? '<none>' : roles,
    ageCell(node, now),
    stringAt(info, 'kubeletVersion'),
    addressOf(node, 'InternalIP'),
    addressOf(node, 'ExternalIP'),
    orUnknown('osImage'),
    orUnknown('kernelVersion'),
    orUnknown('containerRuntimeVersion'),
  ];
}

/** The Node table convertor. */
export function newNodeTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(NODE_COLUMNS, (node, ctx) => nodeCells(node, ctx.now), options);
}
