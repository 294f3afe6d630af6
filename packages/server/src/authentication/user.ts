/** An authenticated identity (k8s `user.Info`). */
export interface UserInfo {
  /** The user name. */
  readonly name: string;
  /** The user's unique id (may be empty). */
  readonly uid: string;
  /** The groups the user belongs to. */
  readonly groups: readonly string[];
  /** Extra attributes (k8s `user.Info.GetExtra`, e.g. set by impersonation's `Impersonate-Extra-*` headers). */
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** The name of the anonymous user. */
export const ANONYMOUS_USER = 'system:anonymous';
/** The group of unauthenticated requests. */
export const ALL_UNAUTHENTICATED = 'system:unauthenticated';
/** The group every authenticated user gets. */
export const ALL_AUTHENTICATED = 'system:authenticated';
/** The privileged group, exempt from max-in-flight limits. */
export const SYSTEM_PRIVILEGED_GROUP = 'system:masters';
