import { parse } from 'path-to-regexp';
import { ConfigurationError } from './configuration-error.js';

/**
 * Translates an Express-style template (path-to-regexp 8 syntax: `:name`, `*name`) to
 * the curly syntax routes use: `/users/:id/files/*rest` → `/users/{id}/files/{rest:*}`.
 * Optional groups (`{…}` in path-to-regexp) have no curly equivalent and throw a
 * `ConfigurationError`; so do parse errors.
 */
export function expressPath(template: string): string {
  let tokens: ReturnType<typeof parse>['tokens'];
  try {
    tokens = parse(template).tokens;
  } catch (error) {
    throw new ConfigurationError('InvalidPattern', `invalid Express path ${JSON.stringify(template)}: ${String(error)}`);
  }
  let curly = '';
  for (const token of tokens) {
    if (token.type === 'text') curly += token.value;
    else if (token.type === 'param') curly += `{${token.name}}`;
    else if (token.type === 'wildcard') curly += `{${token.name}:*}`;
    else throw new ConfigurationError('InvalidPattern', `optional groups are not supported in ${JSON.stringify(template)}`);
  }
  return curly;
}
