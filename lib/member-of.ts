// The one guard for "a value of this constant list" (a language, a slug, a package id): isomorphic,
// so the browser's bundle and the server share it.

/** A type guard for the members of `list`: a string that is one of them, exactly. */
export function memberOf<T extends string>(list: readonly T[]): (value: unknown) => value is T {
  const members: ReadonlySet<string> = new Set(list);
  return (value: unknown): value is T => typeof value === "string" && members.has(value);
}
