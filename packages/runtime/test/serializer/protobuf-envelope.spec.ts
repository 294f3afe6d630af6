// Its own file (its own process): the first envelope use here is a decode, so the runtime.Unknown message type,
// built on first use, is first built by decodeEnvelope.
import t from 'tap';
import { decodeEnvelope, encodeEnvelope } from '../../src/serializer/protobuf/envelope.js';

/** `k8s\0` + runtime.Unknown{typeMeta{apiVersion: "v1", kind: "ConfigMap"}, raw: [1, 2], contentEncoding: "", contentType: ""} as Go writes it. */
const GO_ENVELOPE = Uint8Array.from([
  0x6b, 0x38, 0x73, 0x00,
  0x0a, 0x0f, 0x0a, 0x02, 0x76, 0x31, 0x12, 0x09, ...Buffer.from('ConfigMap'),
  0x12, 0x02, 0x01, 0x02,
  0x1a, 0x00,
  0x22, 0x00,
]);

t.test('an envelope decoded before any is encoded reads as Go wrote it, and encodes back to the same bytes', async (t) => {
  t.same(decodeEnvelope(GO_ENVELOPE), { apiVersion: 'v1', kind: 'ConfigMap', raw: Uint8Array.from([1, 2]), contentEncoding: '', contentType: '' });
  t.same(encodeEnvelope('v1', 'ConfigMap', Uint8Array.from([1, 2])), GO_ENVELOPE);
});
