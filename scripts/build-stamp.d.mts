/** The repository's root. */
export declare const projectRoot: string;
/** The mode a build is made in: NODE_ENV, production when unset. */
export declare function buildMode(env?: Record<string, string | undefined>): string;
/** Each input file (relative path) with the sha256 of its content. */
export declare function sourceHashes(root?: string): Record<string, string>;
/** Records the sources and mode as a build begins (`node scripts/build-stamp.mjs begin`). */
export declare function beginBuild(root?: string, env?: Record<string, string | undefined>): void;
/** Written last by the build: what it began from (or, without a beginning, the sources now). */
export declare function writeBuildStamp(root?: string, env?: Record<string, string | undefined>): void;
/** Why the build cannot be reused, or null when it is up to date with the sources and the mode. */
export declare function staleReason(root?: string, env?: Record<string, string | undefined>): string | null;
