/**
 * The major version of the event bus contract (`shared/src/bus/contract.ts`). Every change that can break a remote
 * built against the previous contract (a message renamed, removed or reshaped) raises it; adding a
 * message does not.
 *
 * The contract itself (every state and command) is `shared/src/bus/contract.ts`; the number and
 * its check live here, in `@shop/contract`, for two reasons. Module Federation does not share
 * `@shop/contract`, so a remote importing `@shop/contract/bus` has the number of its own build
 * compiled in (through `@shop/shared`, a shared singleton, it would read the shell's). And the
 * release checks, which run without React or a browser, apply the same `checkBusContract`.
 *
 * History: 2 — `session.logout` became `session.end`; `session.start` and `session.updateUser`
 * added; the session is written by auth alone.
 */
export const BUS_CONTRACT_VERSION = 2;

/** The verdict on a remote's bus contract: refused with the sentence to show an operator. */
export type BusContractCheck = { accepted: true } | { accepted: false; message: string };

/**
 * The major of a declared contract version: a whole number (`2`) or a version string (`"2"`,
 * `"2.1.0"`). Anything else (a remote built before remotes declared it) has none.
 */
export function busContractMajor(version: unknown): number | null {
  if (typeof version === 'number') return Number.isInteger(version) && version > 0 ? version : null;
  if (typeof version !== 'string') return null;
  const major = /^(\d+)(\.\d+)*$/.exec(version.trim())?.[1];
  return major && Number(major) > 0 ? Number(major) : null;
}

/**
 * Whether a remote built against bus contract `remoteVersion` may join a page whose shell speaks
 * `hostVersion`: only the same major may. The one rule for both moments a remote is checked: the
 * shell when it loads the remote (RemoteSlot) and the release checks before a version goes live.
 */
export function checkBusContract(
  remoteName: string,
  remoteVersion: unknown,
  hostVersion: number = BUS_CONTRACT_VERSION,
): BusContractCheck {
  const remoteMajor = busContractMajor(remoteVersion);
  if (remoteMajor === hostVersion) return { accepted: true };
  const built =
    remoteMajor === null
      ? `declares no bus contract version (got ${JSON.stringify(remoteVersion) ?? 'nothing'})`
      : `was built against bus contract ${remoteMajor}`;
  return {
    accepted: false,
    message: `[shop] remote "${remoteName}" refused: it ${built}, the shell speaks bus contract ${hostVersion}.`,
  };
}
