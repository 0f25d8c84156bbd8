/**
 * Built remotes and shells for the release tests, written as real folders in a temp dir: the
 * files a production build leaves (remoteEntry.js, mf-manifest.json, shop-build.json, chunks and
 * their precompressed copies), small enough to read, each changeable to make one thing wrong.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ReleaseDescriptor, RemoteName } from '@shop/contract';
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { firstScreenAddresses } from '../src/delivery/firstScreen';
import { firstScreenProbesOf, requiredExposes } from '../src/modules/remotes/releaseChecks';
import { FolderReleaseStore } from '../src/modules/remotes/releaseStore';

export type SharedEntry = { name: string; version: string; requiredVersion: string; singleton: boolean };

export type BuildOptions = {
  remote?: RemoteName;
  packageVersion?: string;
  /** Exposed names without './'; default: every module the shell needs from the remote. */
  exposes?: string[];
  shared?: SharedEntry[];
  busContractVersion?: unknown;
  /** remoteEntry.js's source; null leaves the file out. */
  remoteEntry?: string | null;
  /** mf-manifest.json's text; default: the manifest of the options above; null leaves it out. */
  manifest?: string | null;
  /** shop-build.json is left out when false. */
  shopBuild?: boolean;
  /**
   * shop-build.json's firstScreenReads (page → addresses its pages read); default: for the
   * catalog, what the server inlines for each probe page (a build that takes over); null leaves
   * it out.
   */
  firstScreenReads?: Record<string, string[]> | null;
  /** Changes one chunk's bytes: a different build of the same remote. */
  chunk?: string;
};

export const SHELL_SHARED: Record<string, string> = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  '@shop/shared': '0.1.0',
};

export const singletons = (versions: Record<string, string> = SHELL_SHARED): SharedEntry[] =>
  Object.entries(versions).map(([name, version]) => ({
    name,
    version,
    requiredVersion: version,
    singleton: true,
  }));

export const REMOTE_ENTRY_SOURCE =
  'var catalog;(()=>{"use strict";catalog={get:(m)=>Promise.resolve(()=>({})),init:()=>{}};})();\n';

function write(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A temp folder removed by `cleanup`. */
export function tempDir(label: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `shop-${label}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The first-screen reads of a build that takes over: what the server inlines for its probe pages. */
export function takingOverReads(remote: RemoteName): Record<string, string[]> | null {
  const probes = firstScreenProbesOf(remote);
  if (probes.length === 0) return null;
  return Object.fromEntries(
    probes.map((probe) => [probe.page, firstScreenAddresses(probe.page, probe.productId ?? 0)]),
  );
}

/** Writes a remote's production build into `dir` and answers `dir`. */
export function writeRemoteBuild(dir: string, options: BuildOptions = {}): string {
  const remote = options.remote ?? 'catalog';
  const exposes = options.exposes ?? requiredExposes(remote);
  const manifest = {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: options.packageVersion ?? '0.1.0', buildName: `mfe-${remote}` },
    },
    shared: options.shared ?? singletons(),
    exposes: exposes.map((name) => ({ id: `${remote}:${name}`, name, path: `./${name}` })),
    remotes: [],
  };
  if (options.remoteEntry !== null)
    write(path.join(dir, 'remoteEntry.js'), options.remoteEntry ?? REMOTE_ENTRY_SOURCE);
  if (options.manifest !== null)
    write(path.join(dir, 'mf-manifest.json'), options.manifest ?? JSON.stringify(manifest));
  if (options.shopBuild !== false) {
    const firstScreenReads =
      options.firstScreenReads === undefined ? takingOverReads(remote) : options.firstScreenReads;
    const facts = {
      name: remote,
      busContractVersion: options.busContractVersion ?? BUS_CONTRACT_VERSION,
      ...(firstScreenReads ? { firstScreenReads } : {}),
    };
    write(path.join(dir, 'shop-build.json'), JSON.stringify(facts));
  }
  const chunk = options.chunk ?? 'export const page = "home";\n';
  write(path.join(dir, '875.13cbf8c1.js'), chunk);
  write(path.join(dir, '875.13cbf8c1.js.gz'), gzipSync(chunk));
  write(path.join(dir, 'images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(dir, '.build-stamp'), new Date().toISOString());
  return dir;
}

/** Writes a built shell (`<root>/shell/dist`) providing `shared` and answers `root`. */
export function writeShellBuild(
  root: string,
  { shared = SHELL_SHARED, busContractVersion = BUS_CONTRACT_VERSION as number | null } = {},
): string {
  const dist = path.join(root, 'shell/dist');
  write(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: 'shell', name: 'shell', shared: singletons(shared), exposes: [], remotes: [] }),
  );
  if (busContractVersion !== null) {
    write(path.join(dist, 'shop-build.json'), JSON.stringify({ name: 'shell', busContractVersion }));
  }
  return root;
}

/**
 * A folder store whose clock moves one minute per publish: versions() orders by publishedAt, so
 * the tests' versions come back newest first in the order they were published.
 */
export function minuteStore(releasesDir: string): FolderReleaseStore {
  let clock = Date.parse('2026-11-27T04:00:00.000Z');
  return new FolderReleaseStore(releasesDir, () => {
    clock += 60_000;
    return new Date(clock);
  });
}

/** Publishes a fresh build of `remote` (written under `buildsDir/<name>`) and answers its version. */
export async function publishBuild(
  store: FolderReleaseStore,
  buildsDir: string,
  name: string,
  options: BuildOptions = {},
): Promise<string> {
  const remote = options.remote ?? 'catalog';
  return (await store.publish(remote, writeRemoteBuild(path.join(buildsDir, name), options))).version;
}

/**
 * A whole release.json (every field the contract's ReleaseDescriptor requires), for tests that
 * plant a version folder by hand: the stores take no other as a version.
 */
export function descriptorJson(
  remote: RemoteName,
  version: string,
  changes: Partial<ReleaseDescriptor> = {},
): string {
  const descriptor: ReleaseDescriptor = {
    remote,
    version,
    packageVersion: version.split('-')[0] ?? version,
    contentHash: '3fa9c2d1e0',
    publishedAt: '2026-11-01T10:00:00.000Z',
    busContractVersion: BUS_CONTRACT_VERSION,
    exposes: [],
    shared: [],
    integrity: { 'remoteEntry.js': 'sha384-AAAA' },
    files: 1,
    bytes: 1,
    ...changes,
  };
  return JSON.stringify(descriptor);
}
