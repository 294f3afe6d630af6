/** A trailing custom verb on a path or token, `:verb` with letters only (go-restful's `customVerbReg`). */
const customVerbPattern = /:([A-Za-z]+)$/;

/** Reports whether a route path or token ends with a custom verb such as `:activate`. */
export function hasCustomVerb(s: string): boolean {
  return customVerbPattern.test(s);
}

/** The custom verb at the end of `s` (`activate` for `{id}:activate`), or undefined. */
export function customVerbOf(s: string): string | undefined {
  return customVerbPattern.exec(s)?.[1];
}

/** Removes a trailing custom verb: `{id}:activate` → `{id}`, `a:b:activate` → `a:b`. */
export function removeCustomVerb(s: string): string {
  return s.replace(customVerbPattern, '');
}
