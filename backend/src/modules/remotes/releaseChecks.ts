/**
 * The release checks: whether a built remote may be published, promoted or put in canary in front
 * of the shell the server serves. They read the build's files (never run them) and answer either
 * the facts a release descriptor records or one sentence saying what is wrong.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Script } from 'node:vm';
import type { ReleaseDescriptor, RemoteName } from '@shop/contract';
import { BUS_CONTRACT_VERSION, busContractMajor, checkBusContract } from '@shop/contract/bus';
import { FIRST_SCREEN_PROBES, type FirstScreenProbe } from '@shop/contract/listing';
import { CROSS_REMOTE_SLOTS, FRAME_FRAGMENTS, moduleForPath, REMOTE_ROUTES } from '@shop/contract/routes';
import { firstScreenAddresses } from '../../delivery/firstScreen';
import { satisfiesRange } from './versionRange';

/** Reads one file of a build by its path relative to the build's folder; null when absent. */
export type ReadBuildFile = (relative: string) => Promise<Buffer | null>;

/** What the shell being served provides: the bus contract it speaks and its shared versions. */
export type ShellFacts = {
  busContractVersion: number;
  /** Shared module name → the version the shell provides (its mf-manifest.json). */
  shared: Readonly<Record<string, string>>;
};

/** What a build says about itself, recorded in its release.json. */
export type ReleaseFacts = Pick<
  ReleaseDescriptor,
  'packageVersion' | 'busContractVersion' | 'exposes' | 'shared' | 'integrity'
>;

export type ReleaseCheck = { ok: true; facts: ReleaseFacts } | { ok: false; reason: string };

export const REMOTE_ENTRY_FILE = 'remoteEntry.js';
export const MANIFEST_FILE = 'mf-manifest.json';
/** Written by shared/build/shop-build-plugin.mjs into every production build. */
export const SHOP_BUILD_FILE = 'shop-build.json';
const SHELL_DIST = 'shell/dist';
/** Subresource integrity of remoteEntry.js: the strongest digest every browser checks. */
const INTEGRITY_ALGORITHM = 'sha384';

/**
 * The modules the shell and the other remotes load from `remote` by name (`HomePage`, without
 * `./`): its routes' pages, its frame fragments and the slots mounted across remotes.
 */
export function requiredExposes(remote: RemoteName): string[] {
  const modules = [...REMOTE_ROUTES.map((route) => route.module), ...FRAME_FRAGMENTS, ...CROSS_REMOTE_SLOTS];
  const prefix = `${remote}/`;
  const names = modules
    .filter((module) => module.startsWith(prefix))
    .map((module) => module.slice(prefix.length));
  return [...new Set(names)].sort();
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON in a file, or why it cannot be read (as the end of a sentence). */
function parseJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A manifest's shared entries with the fields the descriptor keeps, or null if malformed. */
function sharedOf(manifest: JsonObject): ReleaseDescriptor['shared'] | null {
  if (!Array.isArray(manifest.shared)) return null;
  const shared: ReleaseDescriptor['shared'] = [];
  for (const entry of manifest.shared) {
    if (!isObject(entry) || typeof entry.name !== 'string' || typeof entry.version !== 'string') return null;
    shared.push({
      name: entry.name,
      version: entry.version,
      // Module Federation writes requiredVersion: false when a module asks for none.
      requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '*',
      singleton: entry.singleton === true,
    });
  }
  return shared.sort((a, b) => a.name.localeCompare(b.name));
}

/** A manifest's exposed module names without './', or null if malformed. */
function exposesOf(manifest: JsonObject): string[] | null {
  if (!Array.isArray(manifest.exposes)) return null;
  const names: string[] = [];
  for (const entry of manifest.exposes) {
    if (!isObject(entry) || typeof entry.name !== 'string') return null;
    names.push(entry.name.replace(/^\.\//, ''));
  }
  return names.sort();
}

/** Whether JavaScript source compiles: parsed by V8 (node:vm), never run. */
function syntaxError(source: string, filename: string): string | null {
  try {
    new Script(source, { filename });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const integrityOf = (bytes: Buffer): `sha384-${string}` =>
  `${INTEGRITY_ALGORITHM}-${createHash(INTEGRITY_ALGORITHM).update(bytes).digest('base64')}`;

/**
 * What a build says about itself, checked only against itself: its entry and manifests exist and
 * parse, and they name `remote`. The publish step records these facts; checkRelease adds the
 * checks against the shell.
 */
export async function readReleaseFacts(
  read: ReadBuildFile,
  remote: RemoteName,
  version = 'the new build',
): Promise<ReleaseCheck> {
  const refuse = (what: string): ReleaseCheck => ({
    ok: false,
    reason: `${remote} ${version} is refused: ${what}.`,
  });

  const entry = await read(REMOTE_ENTRY_FILE);
  if (!entry) return refuse(`it has no ${REMOTE_ENTRY_FILE}`);
  const entryError = syntaxError(entry.toString('utf8'), REMOTE_ENTRY_FILE);
  if (entryError) return refuse(`its ${REMOTE_ENTRY_FILE} does not parse as JavaScript (${entryError})`);

  const manifestBytes = await read(MANIFEST_FILE);
  if (!manifestBytes) return refuse(`it has no ${MANIFEST_FILE}`);
  const manifestJson = parseJson(manifestBytes);
  if (!manifestJson.ok) return refuse(`its ${MANIFEST_FILE} is not JSON (${manifestJson.error})`);
  const manifest = manifestJson.value;
  if (!isObject(manifest)) return refuse(`its ${MANIFEST_FILE} is not a JSON object`);
  if (manifest.name !== remote) {
    return refuse(`its ${MANIFEST_FILE} names the remote ${JSON.stringify(manifest.name)}, not "${remote}"`);
  }
  const exposes = exposesOf(manifest);
  const shared = sharedOf(manifest);
  if (!exposes || !shared) return refuse(`its ${MANIFEST_FILE} has no readable exposes and shared lists`);

  const buildBytes = await read(SHOP_BUILD_FILE);
  if (!buildBytes)
    return refuse(`it has no ${SHOP_BUILD_FILE} (built before builds declared their bus contract)`);
  const buildJson = parseJson(buildBytes);
  if (!buildJson.ok || !isObject(buildJson.value))
    return refuse(`its ${SHOP_BUILD_FILE} is not a JSON object`);
  const build = buildJson.value;
  if (build.name !== remote) {
    return refuse(`its ${SHOP_BUILD_FILE} names the remote ${JSON.stringify(build.name)}, not "${remote}"`);
  }
  const busContractVersion = busContractMajor(build.busContractVersion);
  if (busContractVersion === null) {
    return refuse(
      `its ${SHOP_BUILD_FILE} declares no bus contract version (got ${JSON.stringify(build.busContractVersion)})`,
    );
  }

  const buildInfo =
    isObject(manifest.metaData) && isObject(manifest.metaData.buildInfo) ? manifest.metaData.buildInfo : {};
  const packageVersion = typeof buildInfo.buildVersion === 'string' ? buildInfo.buildVersion : '0.0.0';
  return {
    ok: true,
    facts: {
      packageVersion,
      busContractVersion,
      exposes,
      shared,
      integrity: { [REMOTE_ENTRY_FILE]: integrityOf(entry) },
    },
  };
}

/** Why `facts` cannot run in front of `shell`, or null when they can. */
function shellMismatch(facts: ReleaseFacts, remote: RemoteName, shell: ShellFacts): string | null {
  const missing = requiredExposes(remote).filter((name) => !facts.exposes.includes(name));
  if (missing.length > 0) {
    return `it does not expose ${missing.join(', ')}, which the shell's routes, fragments or other remotes load`;
  }
  const bus = checkBusContract(remote, facts.busContractVersion, shell.busContractVersion);
  if (!bus.accepted) {
    return `it was built against bus contract ${facts.busContractVersion}, the shell speaks bus contract ${shell.busContractVersion}`;
  }
  for (const requirement of facts.shared.filter((entry) => entry.singleton)) {
    const provided = shell.shared[requirement.name];
    if (provided === undefined) {
      return `it shares the singleton ${requirement.name}, which the shell does not provide`;
    }
    const satisfied = satisfiesRange(provided, requirement.requiredVersion);
    if (satisfied === null) {
      return `it requires ${requirement.name} "${requirement.requiredVersion}", a range the checks cannot read (the shell provides ${provided})`;
    }
    if (!satisfied) {
      return `it requires the singleton ${requirement.name} ${requirement.requiredVersion}, the shell provides ${provided}`;
    }
  }
  return null;
}

/** The first-screen probes whose page `remote` mounts (the catalog's: home, listing, product). */
export function firstScreenProbesOf(remote: RemoteName): FirstScreenProbe[] {
  return FIRST_SCREEN_PROBES.filter((probe) =>
    moduleForPath(probe.page.split('?', 1)[0] ?? '/')?.startsWith(`${remote}/`),
  );
}

/**
 * An API address as the data cache keys it (shared/src/data/dataCache.ts `dataKey`): the query's
 * names sorted, so the order a side writes them in does not matter.
 */
export function addressKey(address: string): string {
  const [path = '', search = ''] = address.split('?', 2);
  const params = [...new URLSearchParams(search)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length > 0 ? `${path}?${new URLSearchParams(params).toString()}` : path;
}

/**
 * Why the build would not take over the server's first screen of its pages, or null when it
 * would: the server inlines the answers it painted a page from (delivery/firstScreen.ts) and the
 * remote's first render must read each of them by the key of its own read, else it asks again
 * and shows a skeleton where the server's content was. The build declares its pages' reads for
 * the contract's probe pages (shop-build.json `firstScreenReads`, written from the remote's own
 * code by its build); every address the server inlines for a probe must be among them.
 */
async function firstScreenMismatch(read: ReadBuildFile, remote: RemoteName): Promise<string | null> {
  const probes = firstScreenProbesOf(remote);
  if (probes.length === 0) return null;
  const bytes = await read(SHOP_BUILD_FILE);
  const build = bytes ? parseJson(bytes) : null;
  const declared = build?.ok && isObject(build.value) ? build.value.firstScreenReads : undefined;
  if (!isObject(declared)) {
    return `its ${SHOP_BUILD_FILE} declares no first-screen reads (built before builds declared them), so nothing shows it takes over the server's first screen`;
  }
  for (const probe of probes) {
    const reads = declared[probe.page];
    if (!Array.isArray(reads) || !reads.every((each) => typeof each === 'string')) {
      return `its ${SHOP_BUILD_FILE} declares no first-screen reads for ${probe.page}`;
    }
    const keys = new Set(reads.map(addressKey));
    const unread = firstScreenAddresses(probe.page, probe.productId ?? 0).filter(
      (address) => !keys.has(addressKey(address)),
    );
    if (unread.length > 0) {
      return `it would not take over the server's first screen of ${probe.page}: its pages do not read ${unread.join(', ')} (they read ${reads.join(', ') || 'nothing'})`;
    }
  }
  return null;
}

/**
 * The release checks: the build's entry and manifests exist and parse, it exposes every module
 * the shell and the other remotes load from it, it speaks the shell's bus contract major, every
 * shared singleton it requires is satisfied by the shell's copy (a singleton it cannot take from
 * the shell would load a second React), and its pages read the answers the server inlines with
 * their first screen (it takes that screen over). `version` only names the build in the refusal.
 */
export async function checkRelease(
  read: ReadBuildFile,
  remote: RemoteName,
  shell: ShellFacts,
  version = 'the new build',
): Promise<ReleaseCheck> {
  const own = await readReleaseFacts(read, remote, version);
  if (!own.ok) return own;
  const mismatch = shellMismatch(own.facts, remote, shell) ?? (await firstScreenMismatch(read, remote));
  return mismatch ? { ok: false, reason: `${remote} ${version} is refused: ${mismatch}.` } : own;
}

/** Reads files under a folder for the checks; a path leaving the folder reads as absent. */
export function folderReader(dir: string): ReadBuildFile {
  const root = path.resolve(dir);
  return async (relative) => {
    const file = path.resolve(root, relative);
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    try {
      return await readFile(file);
    } catch {
      // Absent or unreadable both answer "no such file": the checks name the file missing.
      return null;
    }
  };
}

/**
 * The facts of the shell the server serves (`<root>/shell/dist`): the versions its manifest
 * provides and the bus contract it speaks. A shell built before builds wrote shop-build.json
 * speaks the contract of this checkout (server and shell ship from one repository).
 * Throws when the shell is not built: nothing can be checked against no shell.
 */
export async function shellFacts(root: string): Promise<ShellFacts> {
  const read = folderReader(path.join(root, SHELL_DIST));
  const manifestBytes = await read(MANIFEST_FILE);
  if (!manifestBytes)
    throw new Error(`${path.join(root, SHELL_DIST, MANIFEST_FILE)} is missing: build the shell first`);
  const manifest = parseJson(manifestBytes);
  const shared = manifest.ok && isObject(manifest.value) ? sharedOf(manifest.value) : null;
  if (!shared) throw new Error(`${path.join(root, SHELL_DIST, MANIFEST_FILE)} has no readable shared list`);

  const buildBytes = await read(SHOP_BUILD_FILE);
  const build = buildBytes ? parseJson(buildBytes) : null;
  const declared =
    build?.ok && isObject(build.value) ? busContractMajor(build.value.busContractVersion) : null;
  return {
    busContractVersion: declared ?? BUS_CONTRACT_VERSION,
    shared: Object.fromEntries(shared.map((entry) => [entry.name, entry.version])),
  };
}
