// Writes dist/shop-build.json beside the mf-manifest.json Module Federation writes: the facts the
// release checks read about a build that the manifest does not carry (the bus contract it speaks,
// and for the catalog the addresses its pages read on their first render).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import webpack from 'webpack';

const require = createRequire(import.meta.url);

/** The contract source every app bundles `BUS_CONTRACT_VERSION` from (@shop/contract/bus). */
export const BUS_CONTRACT_SOURCE = require.resolve('@shop/contract/bus');
export const SHOP_BUILD_FILE = 'shop-build.json';

const BUS_CONTRACT_DECLARATION = /^export const BUS_CONTRACT_VERSION\s*=\s*(\d+)\s*;/m;

/**
 * The bus contract number in the contract source, read as text: a webpack config cannot import
 * TypeScript, and the declaration is a plain literal the bundle compiles in as it stands. A source
 * where the literal is not found fails the build rather than writing a guess.
 */
export function readBusContractVersion(source = readFileSync(BUS_CONTRACT_SOURCE, 'utf8')) {
  const match = BUS_CONTRACT_DECLARATION.exec(source);
  if (!match) {
    throw new Error(
      `[shop-build] ${BUS_CONTRACT_SOURCE} no longer declares "export const BUS_CONTRACT_VERSION = <number>;"`,
    );
  }
  return Number(match[1]);
}

/**
 * The first-screen reads a build declares: its module (TypeScript, run in Node by tsx, as the
 * backend's scripts are) answers `firstScreenReadsOfProbes()`, page → API addresses. Checked here
 * for shape, so a module that answers something else fails the build instead of the release.
 */
export async function readFirstScreenReads(modulePath) {
  const module = await tsImport(pathToFileURL(modulePath).href, import.meta.url);
  const reads = module.firstScreenReadsOfProbes?.();
  const isReads =
    typeof reads === 'object' &&
    reads !== null &&
    Object.values(reads).every(
      (addresses) => Array.isArray(addresses) && addresses.every((a) => typeof a === 'string'),
    );
  if (!isReads) {
    throw new Error(
      `[shop-build] ${modulePath} does not answer firstScreenReadsOfProbes(): page → addresses`,
    );
  }
  return reads;
}

/**
 * Emits shop-build.json = { name, busContractVersion[, firstScreenReads] } into the build's output.
 */
export class ShopBuildPlugin {
  /**
   * @param {{ name: string, firstScreenReads?: string }} options the federation name; the module
   *   answering the pages' first-screen reads (the catalog's), absolute
   */
  constructor({ name, firstScreenReads }) {
    this.name = name;
    this.firstScreenReads = firstScreenReads;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShopBuildPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'ShopBuildPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          // Read per compilation, so a watch rebuild after the number changes writes the new one.
          compilation.fileDependencies.add(BUS_CONTRACT_SOURCE);
          const facts = { name: this.name, busContractVersion: readBusContractVersion() };
          if (this.firstScreenReads) {
            compilation.fileDependencies.add(this.firstScreenReads);
            facts.firstScreenReads = await readFirstScreenReads(this.firstScreenReads);
          }
          compilation.emitAsset(
            SHOP_BUILD_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(facts, null, 2)}\n`),
          );
        },
      );
    });
  }
}
