import type { SelectableWebService } from '../route-selector.js';

interface RootNode {
  /** Static root tokens (including the empty token, which only an empty request token matches). */
  readonly statics: Map<string, RootNode>;
  /** The `{…}` root token child: any non-empty request token. */
  param: RootNode | undefined;
  /** The best WebService whose root ends here: highest score, then first added. */
  bestIndex: number;
  bestScore: number;
}

function newNode(): RootNode {
  return { statics: new Map(), param: undefined, bestIndex: -1, bestScore: -1 };
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

  /** Indexes the roots of `webServices` (a snapshot; the list is copied). */
  constructor(webServices: readonly W[]) {
    this.#services = webServices.slice();
    this.size = webServices.length;
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

  /** The WebService go-restful's `detectWebService` picks for these request tokens, or undefined. */
  detect(requestTokens: readonly string[]): W | undefined {
    this.#bestIndex = -1;
    this.#bestScore = -1;
    this.#walk(this.#root, requestTokens, 0);
    return this.#bestIndex === -1 ? undefined : this.#services[this.#bestIndex];
  }

  // The walk's running best lives in fields, not in a per-request object.
  #bestIndex = -1;
  #bestScore = -1;

  #walk(start: RootNode, tokens: readonly string[], startDepth: number): void {
    let node: RootNode | undefined = start;
    for (let depth = startDepth; node !== undefined; depth++) {
      const score = node.bestScore;
      if (node.bestIndex !== -1 && (score > this.#bestScore || (score === this.#bestScore && node.bestIndex < this.#bestIndex))) {
        this.#bestIndex = node.bestIndex;
        this.#bestScore = score;
      }
      if (depth === tokens.length) return;
      const token = tokens[depth] as string;
      if (node.param !== undefined && token !== '') this.#walk(node.param, tokens, depth + 1);
      node = node.statics.size === 0 ? undefined : node.statics.get(token);
    }
  }
}
