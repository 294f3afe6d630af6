/**
 * JSON encoding of journal records and snapshot frames (values as base64).
 * @module
 */
import type { JournalOp, JournalRecord } from '../mvcc/journal.js';
import type { KeyValue } from '../mvcc/key-value.js';
import type { LeaseGrant } from '../mvcc/lessor.js';

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

/** First frame of a snapshot file: revision, leases and how many key-value chunks follow. */
export interface SnapshotHeader {
  /** Revision of the snapshot. */
  readonly revision: number;
  /** Leases referenced by the key-values. */
  readonly leases: readonly LeaseGrant[];
  /** Number of chunk frames after the header. */
  readonly chunks: number;
}

/** Serializes a snapshot header. */
export function encodeSnapshotHeader(header: SnapshotHeader): Buffer {
  return Buffer.from(JSON.stringify({ r: header.revision, g: header.leases, n: header.chunks }));
}

/** Parses a snapshot header; throws on anything malformed. */
export function decodeSnapshotHeader(payload: Uint8Array): SnapshotHeader {
  const wire: unknown = JSON.parse(Buffer.from(payload).toString('utf8'));
  if (!isObject(wire) || typeof wire['r'] !== 'number' || typeof wire['n'] !== 'number' || !Array.isArray(wire['g'])) {
    throw new Error('malformed snapshot header');
  }
  return { revision: wire['r'], leases: wire['g'].map(decodeGrant), chunks: wire['n'] };
}

/** Serializes one chunk of snapshot key-values. */
export function encodeSnapshotChunk(kvs: readonly KeyValue[]): Buffer {
  const wire: WireKv[] = kvs.map((kv) => ({
    k: kv.key,
    c: kv.createRevision,
    m: kv.modRevision,
    n: kv.version,
    v: Buffer.from(kv.value).toString('base64'),
    l: kv.lease,
  }));
  return Buffer.from(JSON.stringify(wire));
}

/** Parses one chunk of snapshot key-values; throws on anything malformed. */
export function decodeSnapshotChunk(payload: Uint8Array): KeyValue[] {
  const wire: unknown = JSON.parse(Buffer.from(payload).toString('utf8'));
  if (!Array.isArray(wire)) throw new Error('malformed snapshot chunk');
  return wire.map(decodeKv);
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
