/**
 * Prune retires versions under the registry row's lock and deletes their files after the commit:
 * the lock (and its transaction, which idle_in_transaction_session_timeout would end) is never
 * held while a store deletes files one by one, and a retired version can never be promoted.
 */
import path from 'node:path';
import type { DatabaseHandle } from '../src/db/client';
import { AppError } from '../src/errors';
import { promote } from '../src/modules/remotes/operations';
import type { ReleaseStore } from '../src/modules/remotes/releaseStore';
import { createReleaseServices } from '../src/modules/remotes/services';
import { createTestDatabase } from './db';
import { minuteStore, tempDir, writeRemoteBuild, writeShellBuild } from './releaseFixtures';

let temp: ReturnType<typeof tempDir>;
let database: DatabaseHandle;
beforeEach(async () => {
  temp = tempDir('prune');
  database = await createTestDatabase('pglite', 0);
});
afterEach(async () => {
  await database.close();
  temp.cleanup();
});

const quiet = { warn: () => undefined };

describe('prune', () => {
  it('retires under the lock and deletes the files after the commit; a retired version cannot be promoted', async () => {
    const root = writeShellBuild(temp.dir);
    const folderStore = minuteStore(path.join(temp.dir, 'releases'));
    const published: string[] = [];
    for (const page of ['one', 'two']) {
      const dir = writeRemoteBuild(path.join(temp.dir, page), { chunk: `export const page = "${page}";\n` });
      published.push((await folderStore.publish('catalog', dir)).version);
    }
    const [oldest, newest] = published;

    // Which store calls happen while a transaction (the row lock) is open.
    let open = 0;
    const transaction = database.db.transaction.bind(database.db);
    jest.spyOn(database.db, 'transaction').mockImplementation(async (run, config) => {
      open += 1;
      try {
        return await transaction(run, config);
      } finally {
        open -= 1;
      }
    });
    const calls: string[] = [];
    const promotions: string[] = [];
    const store: ReleaseStore = Object.assign(Object.create(folderStore) as ReleaseStore, {
      retire: async (remote: 'catalog', version: string) => {
        calls.push(`retire ${open ? 'locked' : 'unlocked'}`);
        await folderStore.retire(remote, version);
      },
      remove: async (remote: 'catalog', version: string) => {
        calls.push(`remove ${open ? 'locked' : 'unlocked'}`);
        // An operator promoting the version while its files go: it is no version any more.
        promotions.push(
          await promote(database.db, services.checker, {
            remote,
            version,
            actor: 'ops@example.com',
            reason: 'during prune',
          }).then(
            () => 'promoted',
            (error: unknown) => (error instanceof AppError ? String(error.statusCode) : String(error)),
          ),
        );
        await folderStore.remove(remote, version);
      },
    });
    const services = createReleaseServices(
      database.db,
      { root, releasesDir: folderStore.dir, store, keep: 1 },
      quiet,
    );

    expect(await services.prune('catalog')).toEqual([oldest]);
    expect(calls).toEqual(['retire locked', 'remove unlocked']);
    expect(promotions).toEqual(['404']);
    expect(await folderStore.versions('catalog')).toEqual([newest]);
  });
});
