/**
 * PEM blocks (RFC 7468, Go's `encoding/pem.Decode`): each `-----BEGIN TYPE-----` … `-----END TYPE-----` block
 * with its optional `Key: value` headers and base64 body.
 * @module
 */

/** One decoded PEM block. */
export interface PemBlock {
  /** The type after BEGIN (`CERTIFICATE REQUEST`). */
  readonly type: string;
  /** Header lines before the body. */
  readonly headers: Readonly<Record<string, string>>;
  /** The decoded body. */
  readonly bytes: Buffer;
}

const BLOCK = /-----BEGIN ([^-\r\n]*)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** Every well-formed PEM block of `text`, in order (text between blocks is skipped, as `pem.Decode` does). */
export function decodePemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const m of text.matchAll(BLOCK)) {
    const lines = (m[2] ?? '').split(/\r?\n/);
    const headers: Record<string, string> = {};
    let i = 0;
    for (; i < lines.length && (lines[i] ?? '').includes(':'); i++) {
      const line = lines[i] ?? '';
      headers[line.slice(0, line.indexOf(':')).trim()] = line.slice(line.indexOf(':') + 1).trim();
    }
    const body = lines.slice(i).join('').replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) continue;
    blocks.push({ type: m[1] ?? '', headers, bytes: Buffer.from(body, 'base64') });
  }
  return blocks;
}
