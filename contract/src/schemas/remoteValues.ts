/**
 * Plain values of remote releases that browser code reads as well as the server. Kept apart from
 * remotes.ts (which re-exports them): importing that file's TypeBox schemas would put TypeBox into
 * the shell's main.js for three strings.
 */

/** The page address parameter that turns a developer's remote override on: `/?remote-override=<token>`. */
export const REMOTE_OVERRIDE_QUERY = 'remote-override';
/** Its value that removes every override from the browser: `/?remote-override=clear`. */
export const REMOTE_OVERRIDE_CLEAR = 'clear';
/**
 * The version of a remote the registry names none for (a server still sending `{ entry }` only): as
 * the shell parses the entry, and as the page reports it.
 */
export const UNKNOWN_REMOTE_VERSION = 'unknown';
