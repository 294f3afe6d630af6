/**
 * New audit IDs: version 4 UUIDs in upstream's text form, all different, unchanged after later ones are made, across
 * the refills of the random batch.
 */
import t from 'tap';
import { newAuditID } from '../../src/audit/audit-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

t.test('version 4 UUIDs, unique, stable, over several random batches', async (t) => {
  const first = newAuditID();
  const copy = `${first}`;
  const ids = new Set<string>([first]);
  const digitsSeen = new Set<string>();
  let malformed = 0;
  for (let i = 0; i < 2_000; i++) {
    const id = newAuditID();
    if (!UUID_V4.test(id)) malformed++;
    ids.add(id);
    digitsSeen.add(id[0] as string);
  }
  t.equal(malformed, 0, 'every ID is a lower-case version 4 UUID');
  t.equal(ids.size, 2_001, 'no ID repeats');
  t.equal(first, copy, 'an ID does not change when later ones are made');
  t.equal(digitsSeen.size, 16, 'a random digit takes every hex value');
});
