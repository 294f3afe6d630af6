/** A reader of Kubernetes' `register.go`: the group name and the kinds added to the group version. */

/** Returns `{ group, kinds }` of one `register.go`: the kinds in `AddKnownTypes` order. */
export function parseRegister(text) {
  const group = /const GroupName = "([^"]*)"/.exec(text);
  if (group === null) throw new Error('register.go: no GroupName');
  const start = text.indexOf('AddKnownTypes(SchemeGroupVersion');
  if (start < 0) throw new Error('register.go: no AddKnownTypes(SchemeGroupVersion, ...)');
  const body = text.slice(start, text.indexOf(')', start));
  const kinds = [...body.matchAll(/&(\w+)\{\}/g)].map((m) => m[1]);
  return { group: group[1], kinds };
}
