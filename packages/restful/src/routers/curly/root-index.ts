import type { SelectableWebService } from '../route-selector.js';
import type { RequestTokens } from './request-tokens.js';
import { StaticTable } from './static-table.js';

interface RootNode {
  /** Static root tokens (including the empty token, which only an empty request token matches). */
  readonly statics: StaticTable<RootNode>;
  /** The `{…}` root token child: any non-empty request token. */
  param: RootNode | undefined;
  /** The best WebService whose root ends here: highest score, then first added. */
  bestIndex: number;
  bestScore: number;
}

function newNode(): RootNode {
  return { statics: new StaticTable(), param: undefined, bestIndex: -1, bestScore: -1 };
}

/**
 * A WebService's score when its root matches: go-restful's `computeWebserviceScore`
 * depends only on the root tokens once they match (static at i of n: (n − i) × 10,
 * param or empty pair: 1), so it is computed once here.
 */
function rootScore(tokens: readonly string[]): number {
  let score = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    score += token === '' || token.startsWith('{') ? 1 : (tokens.length - i) * 10;
  }
  return score;
}

/**
 * go-restful's `detectWebService` as a token trie over the WebService roots: a request
 * walks only the roots that share its leading tokens instead of scoring every
 * WebService; the answer (highest score, ties → first added) is the same.
 */
export class RootIndex<W extends SelectableWebService> {
  readonly #root = newNode();
  readonly #services: readonly W[];
  /** The number of WebServices indexed (a guard against in-place mutation of the list). */
  readonly size: number;
  /** A slot per WebService for the router's compiled form (saves a WeakMap lookup per request). */
  readonly slots: unknown[];

  /** Indexes the roots of `webServices` (a snapshot; the list is copied). */
  constructor(webServices: readonly W[]) {
    this.#services = webServices.slice();
    this.size = webServices.length;
    this.slots = new Array<unknown>(webServices.length).fill(undefined);
    for (const [index, ws] of this.#services.entries()) this.#insert(ws, index);
  }

  #insert(ws: W, index: number): void {
    const tokens = ws.rootTemplate().tokens.map((token) => token.raw);
    let node = this.#root;
    for (const token of tokens) {
      if (token !== '' && token.startsWith('{')) {
        node.param ??= newNode();
        node = node.param;
      } else {
        let next = node.statics.get(token);
        if (next === undefined) {
          next = newNode();
          node.statics.set(token, next);
        }
        node = next;
      }
    }
    const score = rootScore(tokens);
    // Strict `>`: an equal score keeps the WebService added first.
    if (score > node.bestScore) {
      node.bestScore = score;
      node.bestIndex = index;
    }
  }

  /** The index (container order) of the WebService go-restful's `detectWebService` picks, or −1. */
  detect(tokens: RequestTokens): number {
    this.#bestIndex = -1;
    this.#bestScore = -1;
    this.#walk(this.#root, tokens, 0);
    return this.#bestIndex;
  }

  /** The WebService at an index returned by {@link detect}. */
  service(index: number): W | undefined {
    return this.#services[index];
  }

  // The walk's running best lives in fields, not in a per-request object.
  #bestIndex = -1;
  #bestScore = -1;

  #walk(start: RootNode, tokens: RequestTokens, startDepth: number): void {
    let node: RootNode | undefined = start;
    for (let depth = startDepth; node !== undefined; depth++) {
      const score = node.bestScore;
      if (node.bestIndex !== -1 && (score > this.#bestScore || (score === this.#bestScore && node.bestIndex < this.#bestIndex))) {
        this.#bestIndex = node.bestIndex;
        this.#bestScore = score;
      }
      if (depth === tokens.count) return;
      // A `{…}` root token needs a non-empty request token.
      if (node.param !== undefined && tokens.bounds[2 * depth + 1] !== tokens.bounds[2 * depth]) this.#walk(node.param, tokens, depth + 1);
      node = node.statics.find(tokens, depth);
    }
  }
}
