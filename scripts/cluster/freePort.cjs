// A TCP port free on 127.0.0.1 this instant (the system picks it). CommonJS, so plain node
// (scripts/cluster.mjs), tsx (backend/scripts) and Jest's CommonJS tests share this one copy;
// its types are in freePort.d.cts.
const { createServer } = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

exports.freePort = freePort;
