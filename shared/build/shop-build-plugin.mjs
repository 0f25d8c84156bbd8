// Writes dist/shop-build.json beside the mf-manifest.json Module Federation writes: the facts the
// release checks read about a build that the manifest does not carry (the bus contract it speaks).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** Emits shop-build.json = { name, busContractVersion } into the build's output. */
export class ShopBuildPlugin {
  /** @param {{ name: string }} options the federation name */
  constructor({ name }) {
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShopBuildPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShopBuildPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // Read per compilation, so a watch rebuild after the number changes writes the new one.
          compilation.fileDependencies.add(BUS_CONTRACT_SOURCE);
          const facts = { name: this.name, busContractVersion: readBusContractVersion() };
          compilation.emitAsset(
            SHOP_BUILD_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(facts, null, 2)}\n`),
          );
        },
      );
    });
  }
}
