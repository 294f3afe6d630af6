import type { IncomingMessage } from 'node:http';

/**
 * The token of an `Authorization: Bearer <token>` header (k8s `bearertoken.Authenticator`'s parsing), or undefined
 * when there is none: no header, another scheme, or an empty token.
 */
export function bearerTokenOf(request: IncomingMessage): string | undefined {
  const header = (request.headers.authorization ?? '').trim();
  if (header === '') return undefined;
  const parts = header.split(' ');
  if (parts.length < 2 || parts[0]?.toLowerCase() !== 'bearer') return undefined;
  const token = parts[1] ?? '';
  return token === '' ? undefined : token;
}
