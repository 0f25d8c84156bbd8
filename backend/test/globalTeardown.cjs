// Removes the folder test/globalSetup.cjs made for the run's PGlite dumps.
const { rmSync } = require('node:fs');

module.exports = async () => {
  const folder = process.env.SHOP_TEST_PGLITE_DUMPS;
  if (folder) rmSync(folder, { recursive: true, force: true });
};
