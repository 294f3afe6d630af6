/**
 * A reader of Kubernetes' `generated.proto` files: message name -> field name -> `{ number, type, label }`
 * (`label` is `optional`, `repeated` or `map`; `type` is the scalar or message type, or `map<K, V>`).
 */

/** Reads the messages of one `generated.proto`. */
export function parseProto(text) {
  const messages = new Map();
  let current;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('//') || line === '') continue;
    const open = /^message (\w+) \{$/.exec(line);
    if (open !== null) {
      current = new Map();
      messages.set(open[1], current);
      continue;
    }
    if (line === '}') {
      current = undefined;
      continue;
    }
    if (current === undefined) continue;
    const map = /^(map<[^>]+>) (\w+) = (\d+);$/.exec(line);
    if (map !== null) {
      current.set(map[2], { number: Number(map[3]), type: map[1], label: 'map' });
      continue;
    }
    const f = /^(optional|repeated|required) ([\w.]+) (\w+) = (\d+);$/.exec(line);
    if (f === null) throw new Error(`cannot read proto line: ${line}`);
    current.set(f[3], { number: Number(f[4]), type: f[2], label: f[1] });
  }
  return messages;
}
