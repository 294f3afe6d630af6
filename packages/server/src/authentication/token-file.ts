import type { IncomingMessage } from 'node:http';
import { readFileSync } from 'node:fs';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import { bearerTokenOf } from './bearer-token.js';
import { CSVParseError, readCSV } from './csv.js';
import type { UserInfo } from './user.js';

/** A `--token-auth-file` that cannot be used, with the file and line at fault. */
export class TokenFileError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'TokenFileError';
  }
}

/**
 * Parses a static token file (`token,user,uid,"group1,group2"` per line, k8s `tokenfile.NewCSV`):
 * at least 3 columns; records with an empty token are skipped; a later duplicate wins.
 */
export function parseTokenFile(text: string, path = '<input>'): Map<string, UserInfo> {
  let records: ReturnType<typeof readCSV>;
  try {
    records = readCSV(text);
  } catch (err) {
    if (err instanceof CSVParseError) throw new TokenFileError(`token file '${path}': ${err.message}`);
    throw err;
  }
  const tokens = new Map<string, UserInfo>();
  for (const { line, fields } of records) {
    if (fields.length < 3) {
      throw new TokenFileError(
        `token file '${path}' must have at least 3 columns (token, user name, user uid), found ${fields.length} on line ${line}`,
      );
    }
    const [token = '', name = '', uid = '', groups] = fields;
    if (token === '') continue;
    tokens.set(token, { name, uid, groups: groups === undefined ? [] : groups.split(',') });
  }
  return tokens;
}

/** Bearer-token authentication against a static token table (k8s `tokenfile.TokenAuthenticator` + `bearertoken`). */
export class TokenFileAuthenticator implements RequestAuthenticator {
  readonly #tokens: ReadonlyMap<string, UserInfo>;

  /** Uses a parsed token table. */
  constructor(tokens: ReadonlyMap<string, UserInfo>) {
    this.#tokens = tokens;
  }

  /** Reads and parses a token file; throws {@link TokenFileError}. */
  static fromFile(path: string): TokenFileAuthenticator {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new TokenFileError(`cannot read token file '${path}': ${err instanceof Error ? err.message : String(err)}`);
    }
    return new TokenFileAuthenticator(parseTokenFile(text, path));
  }

  /** Reads `Authorization: Bearer <token>`; no header → no opinion; an unknown token → error. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const token = bearerTokenOf(request);
    if (token === undefined) return undefined;
    const user = this.#tokens.get(token);
    if (user === undefined) throw new AuthenticationError('invalid bearer token');
    return user;
  }
}
