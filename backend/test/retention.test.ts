/**
 * Retention never deletes a version a shopper may still be sent to: the live one, the canary,
 * any rollback target, nor the newest `keep`. The prune runs on a real folder store.
 */
import path from 'node:path';
import { prunableVersions, pruneReleases } from '../src/modules/remotes/retention';
import { minuteStore, tempDir, writeRemoteBuild } from './releaseFixtures';

let temp: ReturnType<typeof tempDir>;
beforeEach(() => {
  temp = tempDir('retention');
});
afterEach(() => temp.cleanup());

describe('retention', () => {
  const versions = ['v9', 'v8', 'v7', 'v6', 'v5', 'v4', 'v3', 'v2', 'v1'];

  it('prunes only past the newest `keep`, oldest first', () => {
    expect(prunableVersions({ versions, pinned: [], keep: 6 })).toEqual(['v1', 'v2', 'v3']);
    expect(prunableVersions({ versions, pinned: [], keep: 20 })).toEqual([]);
  });

  it('never prunes the live, canary or a rollback target version, however old', () => {
    expect(prunableVersions({ versions, pinned: ['v1', null, 'v3', undefined], keep: 6 })).toEqual(['v2']);
    expect(prunableVersions({ versions, pinned: ['v9', 'v5', 'v2'], keep: 0 })).toEqual([
      'v1',
      'v3',
      'v4',
      'v6',
      'v7',
      'v8',
    ]);
  });

  it('deletes the prunable versions from the store and keeps the pinned and the newest', async () => {
    const store = minuteStore(path.join(temp.dir, 'releases'));
    const build = (page: string) =>
      writeRemoteBuild(path.join(temp.dir, page), { chunk: `export const page = "${page}";\n` });
    const published: string[] = [];
    for (const page of ['one', 'two', 'three', 'four']) {
      published.push((await store.publish('catalog', build(page))).version);
    }
    const [oldest, second, third, newest] = published;
    const removed = await pruneReleases(store, 'catalog', [oldest], 1);
    expect(removed).toEqual([second, third]);
    expect(await store.versions('catalog')).toEqual([newest, oldest]);
  });
});
