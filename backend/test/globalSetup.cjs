// A folder for this run's dumps of seeded PGlite databases (test/db.ts), removed at its end.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

module.exports = async () => {
  process.env.SHOP_TEST_PGLITE_DUMPS = mkdtempSync(path.join(tmpdir(), 'shop-pglite-dumps-'));
};
