import { isStorageError } from '@apiserver/storage';
import { BrokenCircuitError } from 'cockatiel';
import {
  ClientClosedError,
  EtcdError,
  GRPCDeadlineExceededError,
  GRPCInvalidArgumentError,
  GRPCOutOfRangeError,
  GRPCUnavailableError,
} from 'etcd3';
import t from 'tap';
import { callOptionsFor } from '../src/client.js';
import {
  interpretEtcdError,
  isCompactedError,
  isFutureRevisionError,
  isUnreachableEtcdError,
} from '../src/etcd-errors.js';
import { prefixRangeEnd } from '../src/kv.js';

const compacted = new GRPCOutOfRangeError('11 OUT_OF_RANGE: etcdserver: mvcc: required revision has been compacted');
const future = new GRPCOutOfRangeError('11 OUT_OF_RANGE: etcdserver: mvcc: required revision is a future revision');
const rawStreamError = Object.assign(new Error('14 UNAVAILABLE: read ECONNRESET'), { code: 14 });

t.test('classification of etcd3 errors', async (t) => {
  const table: [string, unknown, { compacted: boolean; future: boolean; unreachable: boolean }][] = [
    ['compacted', compacted, { compacted: true, future: false, unreachable: false }],
    ['future revision', future, { compacted: false, future: true, unreachable: false }],
    ['unavailable', new GRPCUnavailableError('14 UNAVAILABLE: No connection established'), { compacted: false, future: false, unreachable: true }],
    ['deadline', new GRPCDeadlineExceededError('4 DEADLINE_EXCEEDED'), { compacted: false, future: false, unreachable: true }],
    ['closed client', new ClientClosedError('KV'), { compacted: false, future: false, unreachable: true }],
    ['broken circuit', new BrokenCircuitError(), { compacted: false, future: false, unreachable: true }],
    ['raw grpc stream error', rawStreamError, { compacted: false, future: false, unreachable: true }],
    ['invalid argument', new GRPCInvalidArgumentError('3 INVALID_ARGUMENT'), { compacted: false, future: false, unreachable: false }],
    ['etcd error', new EtcdError('etcdserver: too many operations in txn request'), { compacted: false, future: false, unreachable: false }],
    ['not an error', 'boom', { compacted: false, future: false, unreachable: false }],
    ['string code', Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), { compacted: false, future: false, unreachable: false }],
  ];
  for (const [name, err, want] of table) {
    t.same(
      { compacted: isCompactedError(err), future: isFutureRevisionError(err), unreachable: isUnreachableEtcdError(err) },
      want,
      name,
    );
  }
});

t.test('interpretEtcdError maps only connectivity failures', async (t) => {
  const mapped = interpretEtcdError(new GRPCUnavailableError('14 UNAVAILABLE'), '/registry/pods/a');
  t.ok(isStorageError(mapped, 'Unreachable'));
  t.equal(isStorageError(mapped) ? mapped.key : '', '/registry/pods/a');
  t.equal(interpretEtcdError(compacted, 'k'), compacted, 'others unchanged');
});

t.test('per-call deadlines apply to unary calls only', async (t) => {
  const factory = callOptionsFor(1234);
  const before = Date.now();
  const unary = factory({ service: 'KV', method: 'range', isStream: false, params: {} });
  t.ok(unary.deadline !== undefined && unary.deadline >= before + 1234 && unary.deadline <= Date.now() + 1234);
  t.same(factory({ service: 'Watch', method: 'watch', isStream: true }), {}, 'watch streams have no deadline');
});

t.test('prefixRangeEnd', async (t) => {
  const table: [number[], number[]][] = [
    [[0x2f, 0x61, 0x2f], [0x2f, 0x61, 0x30]],
    [[0x61, 0xff], [0x62]],
    [[0xff, 0xff], [0x00]],
  ];
  for (const [input, want] of table) t.same([...prefixRangeEnd(Buffer.from(input))], want, Buffer.from(input).toString('hex'));
  t.equal(prefixRangeEnd(Buffer.from('/registry/pods/')).toString(), '/registry/pods0');
});
