/**
 * JSON encoding of journal records and snapshots (values as base64).
 * @module
 */
import type { JournalOp, JournalRecord } from '../mvcc/journal.js';
import type { KeyValue } from '../mvcc/key-value.js';
import type { LeaseGrant } from '../mvcc/lessor.js';
import type { MvccSnapshot } from '../mvcc/mvcc-store.js';

type WireOp = { t: 'p'; k: string; v: string; l: number } | { t: 'd'; k: string };
type WireRecord = { c: number; o: WireOp[]; g: LeaseGrant[] } | { x: number };
interface WireKv {
  k: string;
  c: number;
  m: number;
  n: number;
  v: string;
  l: number;
}
interface WireSnapshot {
  r: number;
  kv: WireKv[];
  g: LeaseGrant[];
}

/** Serializes a journal record. */
export function encodeRecord(record: JournalRecord): Buffer {
  const wire: WireRecord =
    record.kind === 'compact'
      ? { x: record.revision }
      : { c: record.revision, o: record.ops.map(encodeOp), g: [...record.leases] };
  return Buffer.from(JSON.stringify(wire));
}

/** Parses a journal record; throws on anything malformed. */
export function decodeRecord(payload: Uint8Array): JournalRecord {
  const wire: unknown = JSON.parse(Buffer.from(payload).toString('utf8'));
  if (!isObject(wire)) throw new Error('record is not an object');
  if (typeof wire['x'] === 'number') return { kind: 'compact', revision: wire['x'] };
  const { c, o, g } = wire;
  if (typeof c !== 'number' || !Array.isArray(o) || !Array.isArray(g)) throw new Error('malformed commit record');
  return { kind: 'commit', revision: c, ops: o.map(decodeOp), leases: g.map(decodeGrant) };
}

/** Serializes a snapshot. */
export function encodeSnapshot(snapshot: MvccSnapshot): Buffer {
  const wire: WireSnapshot = {
    r: snapshot.revision,
    kv: snapshot.kvs.map((kv) => ({
      k: kv.key,
      c: kv.createRevision,
      m: kv.modRevision,
      n: kv.version,
      v: Buffer.from(kv.value).toString('base64'),
      l: kv.lease,
    })),
    g: [...snapshot.leases],
  };
  return Buffer.from(JSON.stringify(wire));
}

/** Parses a snapshot; throws on anything malformed. */
export function decodeSnapshot(payload: Uint8Array): MvccSnapshot {
  const wire: unknown = JSON.parse(Buffer.from(payload).toString('utf8'));
  if (!isObject(wire) || typeof wire['r'] !== 'number' || !Array.isArray(wire['kv']) || !Array.isArray(wire['g'])) {
    throw new Error('malformed snapshot');
  }
  return { revision: wire['r'], kvs: wire['kv'].map(decodeKv), leases: wire['g'].map(decodeGrant) };
}

function encodeOp(op: JournalOp): WireOp {
  return op.type === 'put'
    ? { t: 'p', k: op.key, v: Buffer.from(op.value).toString('base64'), l: op.lease }
    : { t: 'd', k: op.key };
}

function decodeOp(op: unknown): JournalOp {
  if (!isObject(op) || typeof op['k'] !== 'string') throw new Error('malformed op');
  if (op['t'] === 'd') return { type: 'delete', key: op['k'] };
  if (op['t'] !== 'p' || typeof op['v'] !== 'string' || typeof op['l'] !== 'number') throw new Error('malformed put');
  return { type: 'put', key: op['k'], value: new Uint8Array(Buffer.from(op['v'], 'base64')), lease: op['l'] };
}

function decodeKv(kv: unknown): KeyValue {
  if (!isObject(kv)) throw new Error('malformed key-value');
  const { k, c, m, n, v, l } = kv;
  if (typeof k !== 'string' || typeof v !== 'string') throw new Error('malformed key-value');
  if (typeof c !== 'number' || typeof m !== 'number' || typeof n !== 'number' || typeof l !== 'number') {
    throw new Error('malformed key-value');
  }
  return { key: k, createRevision: c, modRevision: m, version: n, value: new Uint8Array(Buffer.from(v, 'base64')), lease: l };
}

function decodeGrant(g: unknown): LeaseGrant {
  if (!isObject(g) || typeof g['id'] !== 'number' || typeof g['expiresAt'] !== 'number') {
    throw new Error('malformed lease');
  }
  return { id: g['id'], expiresAt: g['expiresAt'] };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
