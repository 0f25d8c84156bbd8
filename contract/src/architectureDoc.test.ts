/**
 * docs/architecture.md stays true: its ownership tables name every endpoint's module, every page
 * route, every exposed module and every bus message the code has. Changing a boundary without
 * the doc fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiEndpoints } from './endpoints';
import { REMOTE_ROUTES } from './routes';

const ROOT = path.resolve(__dirname, '../..');
const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** The table rows under a `### heading`, split into cells. */
function tableRows(heading: string): string[][] {
  const start = doc.indexOf(`### ${heading}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no "### ${heading}"`);
  const section = doc.slice(start).split(/\n#{2,3} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .slice(1)
    .map((line) => line.split('|').slice(1, -1));
}

const codeIn = (cell: string | undefined): string[] =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

describe('docs/architecture.md', () => {
  it('names the backend module of every endpoint, and each module exists', () => {
    const owners = tableRows('Endpoints').flatMap(([prefixes, modules]) =>
      codeIn(prefixes).map((prefix) => ({ prefix, modules: codeIn(modules) })),
    );
    const missing: string[] = [];
    for (const key of Object.keys(apiEndpoints)) {
      const endpointPath = key.slice(key.indexOf(' ') + 1);
      const owner = owners
        .filter(({ prefix }) => endpointPath === prefix || endpointPath.startsWith(`${prefix}/`))
        .sort((a, b) => b.prefix.length - a.prefix.length)[0];
      if (!owner) missing.push(`${key}: no row of the Endpoints table names its prefix`);
    }
    for (const { prefix, modules } of owners) {
      for (const module of modules) {
        if (!existsSync(path.join(ROOT, 'backend/src/modules', module))) {
          missing.push(`${prefix}: module ${module} does not exist`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every page route and every exposed module', () => {
    const rows = tableRows('Pages and fragments');
    const pages = rows.flatMap((cells) => codeIn(cells[1]));
    const fragments = new Map(rows.map((cells) => [cells[0]?.trim(), codeIn(cells[2])]));
    const missing: string[] = REMOTE_ROUTES.filter((route) => !pages.includes(route.path)).map(
      (route) => route.path,
    );
    const remotes = readdirSync(ROOT).filter((folder) => folder.startsWith('mfe-'));
    for (const folder of remotes) {
      const config = readFileSync(path.join(ROOT, folder, 'module-federation.config.mjs'), 'utf8');
      const name = config.match(/name:\s*'([^']+)'/)?.[1] ?? folder;
      for (const [, exposed] of config.matchAll(/'\.\/(\w+)':/g)) {
        if (!fragments.get(name)?.includes(exposed ?? '')) missing.push(`${name}/${exposed}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every bus state and command', () => {
    const contract = readFileSync(path.join(ROOT, 'shared/src/bus/contract.ts'), 'utf8');
    const block = (name: string) =>
      contract.slice(contract.indexOf(`export interface ${name} {`)).split('\n}')[0] ?? '';
    const states = [...block('BusStates').matchAll(/^ {2}(\w+):/gm)].map((match) => match[1] ?? '');
    const commands = [...block('BusCommands').matchAll(/^ {2}'([\w.]+)':/gm)].map((match) => match[1] ?? '');
    const listed = tableRows('Bus messages').flatMap((cells) => codeIn(cells[0]));
    expect(states.length).toBeGreaterThan(0);
    expect(commands.length).toBeGreaterThan(0);
    expect([...states, ...commands].filter((name) => !listed.includes(name))).toEqual([]);
  });
});
