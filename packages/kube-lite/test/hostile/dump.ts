/**
 * A full dump of the stored objects over HTTP (every listable resource that discovery reports), to compare before
 * and after the hostile inputs: same keys, same objects byte for byte.
 */
import type { Agent } from 'node:http';
import { send } from './http-probe.js';

interface APIResourceList {
  readonly resources: readonly { name: string; verbs: readonly string[] }[];
}

interface ListBody {
  readonly items: readonly { metadata: { name: string; namespace?: string } }[];
}

async function getJSON(base: string, agent: Agent, path: string): Promise<unknown> {
  const answer = await send(base, { method: 'GET', path }, agent);
  if (answer.status !== 200) throw new Error(`dump: GET ${path} answered ${answer.status}`);
  return JSON.parse(answer.body);
}

/** The list paths of every served resource (from discovery) under `/api/v1` and `/apis/<group>/<version>`. */
export async function listPaths(base: string, agent: Agent): Promise<string[]> {
  const groups = (await getJSON(base, agent, '/apis')) as { groups: { preferredVersion: { groupVersion: string } }[] };
  const prefixes = ['/api/v1', ...groups.groups.map((g) => `/apis/${g.preferredVersion.groupVersion}`)];
  const paths: string[] = [];
  for (const prefix of prefixes) {
    const list = (await getJSON(base, agent, prefix)) as APIResourceList;
    for (const r of list.resources) if (!r.name.includes('/') && r.verbs.includes('list')) paths.push(`${prefix}/${r.name}`);
  }
  return paths.sort();
}

/** Every stored object as `<list path> <namespace>/<name>` → the object's JSON. */
export async function dump(base: string, agent: Agent): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of await listPaths(base, agent)) {
    const list = (await getJSON(base, agent, path)) as ListBody;
    for (const item of list.items) out.set(`${path} ${item.metadata.namespace ?? ''}/${item.metadata.name}`, JSON.stringify(item));
  }
  return out;
}

/** Whether two dumps hold the same objects. */
export function sameDump(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

/** A dump taken once two consecutive dumps agree (the in-process controllers have settled); bounded. */
export async function settledDump(base: string, agent: Agent, timeoutMs = 5000): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  let previous = await dump(base, agent);
  for (;;) {
    await new Promise((r) => setTimeout(r, 150));
    const next = await dump(base, agent);
    if (sameDump(previous, next)) return next;
    if (Date.now() > deadline) throw new Error('the stored data kept changing');
    previous = next;
  }
}

/** The differences between two dumps, for a failure message. */
export function dumpDiff(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const diff: string[] = [];
  for (const [k, v] of before) if (after.get(k) !== v) diff.push(after.has(k) ? `${k} changed: ${v} -> ${after.get(k)}` : `${k} gone`);
  for (const k of after.keys()) if (!before.has(k)) diff.push(`${k} new`);
  return diff;
}
