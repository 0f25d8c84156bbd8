// The one webpack factory every app uses. An app's webpack.config.mjs only names itself and
// hands over its module-federation.config.mjs; everything else is decided here, once.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import { BACKEND_DEV_URL, DEV_PORTS, SHARED_SINGLETONS } from './shared-dependencies.mjs';
import { ShopBuildPlugin } from './shop-build-plugin.mjs';

const require = createRequire(import.meta.url);
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
/**
 * rxjs's package sends bundlers without the `es2015` condition to its ES5 build: classes written
 * as functions and tslib's helpers beside them. The bus (the shell's main.js) takes its ES2015
 * build, the same code written in the language the apps target (1 KB gzip less).
 */
const RXJS_ES2015 = path.join(path.dirname(require.resolve('rxjs/package.json')), 'dist/esm/index.js');
/**
 * The federation runtime without its manifest (snapshot) code, for browsers only: registry
 * entries are remoteEntry.js URLs (the shell maps a manifest URL to the remoteEntry.js beside it).
 */
const RUNTIME_OPTIMIZATION = { disableSnapshot: true, target: 'web' };
/** Remotes only expose modules: none loads another remote, so the remote-loading code goes. */
const REMOTE_RUNTIME_OPTIMIZATION = { ...RUNTIME_OPTIMIZATION, disableRemote: true };
const STANDALONE_TEMPLATE = fileURLToPath(new URL('./standalone.html', import.meta.url));

/**
 * The host provides every singleton eagerly, inside its main.js: the page gets React, the router,
 * Redux and @shop/shared in the first script instead of one round trip later, and remotes take
 * the host's copies (they are already loaded). Remotes keep theirs as fallbacks, loaded only when
 * a remote runs alone.
 */
const sharedConfig = (isHost) =>
  Object.fromEntries(
    Object.entries(SHARED_SINGLETONS).map(([name, version]) => [
      name,
      { singleton: true, requiredVersion: version, strictVersion: false, eager: isHost },
    ]),
  );

/**
 * @param {object} app
 * @param {string} app.dir absolute path of the app folder
 * @param {{name: string, exposes?: Record<string,string>, frameFragments?: string[], runtimePlugins?: string[]}} app.federation
 *   `frameFragments`: the exposed modules the shell's frame mounts on every page
 * @param {boolean} [app.isHost]
 * @param {string} app.title page title of the standalone page
 * @param {(devServer: object) => object} [app.devServer] extra dev-server options
 * @param {string} [app.firstScreenReads] the module answering the pages' first-screen reads
 *   (relative to `dir`), recorded in shop-build.json for the release checks (the catalog's)
 */
export function createAppConfig({
  dir,
  federation,
  isHost = false,
  title,
  devServer = (o) => o,
  firstScreenReads,
}) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const port = DEV_PORTS[federation.name];
    // Module Federation names the chunk of an exposed module './CartButton' this way.
    const frameChunks = new Set(
      (federation.frameFragments ?? []).map((exposed) => `__federation_expose_${exposed.slice(2)}`),
    );
    return {
      name: federation.name,
      mode: production ? 'production' : 'development',
      // The code itself is ES2022 (tsconfig); webpack's own runtime code follows suit (arrow
      // functions, const, destructuring) instead of ES5, in main.js and every remoteEntry.js.
      target: ['web', 'es2022'],
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        // Remotes resolve their own URL at runtime ('auto'); '/' would make the host fetch
        // a remote's chunks from the host's origin. The shell lives at the site root.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: federation.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // React Router's package exports point every bundler at its development build (dev
        // warnings and checks on every render); production builds take its production build.
        alias: {
          rxjs$: RXJS_ES2015,
          ...(production ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules\/(?!@shop)/,
            // Types are checked once for the whole repo by `npm run typecheck`.
            use: { loader: 'ts-loader', options: { transpileOnly: true } },
          },
          {
            test: /\.css$/,
            use: [
              // Production: CSS goes to .css files loaded with their chunk (parsed off the JS
              // budget, cached apart from the code); development keeps style-loader for HMR.
              production ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: /\.module\.css$/,
                    // Team prefix in every class name: who owns a pixel is readable in the DOM.
                    localIdentName: production
                      ? `${federation.name}_[hash:base64:6]`
                      : `${federation.name}__[local]__[hash:base64:4]`,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|woff2?|eot|ttf)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federation.name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: federation.exposes,
          remotes: isHost ? {} : undefined,
          shared: sharedConfig(isHost),
          // Fetch a remote only when a page needs it, so one dead remote cannot stall start-up.
          shareStrategy: 'loaded-first',
          runtimePlugins: federation.runtimePlugins,
          manifest: true,
          // Contracts live in @shop/shared; remotes are registered at runtime, so generated
          // remote types would help nobody and cost seconds per build.
          dts: false,
          // One federation runtime per page: the shell provides it, remotes use it, and each
          // remoteEntry drops from ~27 KB to ~9 KB gzip. Production only: a remote's dev server
          // runs it standalone, with its own runtime.
          experiments: production
            ? isHost
              ? { provideExternalRuntime: true, optimization: RUNTIME_OPTIMIZATION }
              : { externalRuntime: true, optimization: REMOTE_RUNTIME_OPTIMIZATION }
            : {},
        }),
        // provideExternalRuntime adds its plugin by the CommonJS file, which requires the CommonJS
        // build of the federation runtime while everything else imports the ES build: two copies
        // (+20 KB gzip). Point it at its ES build so the host carries one runtime.
        ...(production && isHost
          ? [
              new webpack.NormalModuleReplacementPlugin(
                /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/,
                (resource) => {
                  resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
                },
              ),
            ]
          : []),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[name].[contenthash:8].css',
                // CSS Modules carry a team prefix, so the order of unrelated rules cannot matter.
                ignoreOrder: true,
              }),
            ]
          : []),
        // dist/shop-build.json: the bus contract this build speaks (and the catalog's first-screen
        // reads), read by the release checks.
        ...(production
          ? [
              new ShopBuildPlugin({
                name: federation.name,
                firstScreenReads: firstScreenReads && path.join(dir, firstScreenReads),
              }),
            ]
          : []),
        new HtmlWebpackPlugin({
          // The shell has its own page; a remote's page only serves its standalone bootstrap.
          template: isHost ? path.join(dir, 'public/index.html') : STANDALONE_TEMPLATE,
          title,
          chunks: ['main'],
          // A remote's built page lives under /mfe/<name>/<version>/ (relative URLs); on its dev
          // server it is the root, where deep links need absolute ones.
          publicPath: isHost || !production ? '/' : 'auto',
          // Keep comments: the server replaces <!--REMOTES--> with the inlined remote registry.
          minify: production ? { collapseWhitespace: true, removeComments: false } : false,
        }),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // @shop/contract's helpers (responsiveImage, the messages) are small, so webpack's default
        // (20 KB at least per split chunk) copied them into every exposed module using them: on
        // `/` the catalog's header slots and home page carried responsiveImage three times and
        // the messages twice. Any contract module two async chunks share gets a chunk of its own.
        splitChunks: {
          cacheGroups: {
            contract: {
              test: /[\\/]contract[\\/]src[\\/]/,
              chunks: 'async',
              minChunks: 2,
              minSize: 0,
              priority: 10,
              reuseExistingChunk: true,
            },
            // The app's own code its frame fragments share (cart_checkout's two header buttons: the
            // overlay button, its styles, the remote's root) is on every page: it loads once, in a
            // chunk of its own, instead of once in each. Only these: splitting what any two
            // exposed modules share made more files than it saved bytes (catalog: 15 on `/`). A
            // few hundred bytes (the catalog's root) cost less copied than asked for.
            frame: {
              test: (module) => module.resource?.startsWith(path.join(dir, 'src', path.sep)),
              chunks: (chunk) => frameChunks.has(chunk.name),
              minChunks: 2,
              minSize: 2000,
              priority: 5,
              reuseExistingChunk: true,
            },
          },
        },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: devServer({
        port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/backend/api'], target: BACKEND_DEV_URL }],
        client: { overlay: { warnings: false } },
      }),
    };
  };
}
