/**
 * The backend and the contract hold no frontend library: neither their runtime dependencies nor
 * their source reach React, Formik, Redux, the router, rxjs, the federation tooling or
 * @shop/shared (which carries all of those).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FRONTEND =
  /^(react|react-dom|formik|@reduxjs\/|react-redux|react-router|rxjs|@module-federation\/|@shop\/shared)/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe.each(['backend', 'contract'])('%s', (pkg) => {
  it('declares no frontend library among its runtime dependencies', () => {
    const { dependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(dependencies).filter((name) => FRONTEND.test(name))).toEqual([]);
  });

  it('imports no frontend library in its source', () => {
    const offenders = sourceFiles(path.join(ROOT, pkg, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1] ?? '')
        .filter((specifier) => FRONTEND.test(specifier))
        .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});
