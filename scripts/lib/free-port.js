// Ports on 127.0.0.1: any free one, or the first free one from a preferred port upwards.
'use strict';
const net = require('node:net');

/** Resolves true when `port` can be bound on 127.0.0.1 right now. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the system considers free (it could be taken again before we use it; rare on loopback). */
function anyFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `preferred` if free, else the next free one within `span` ports. */
async function freePortFrom(preferred, span = 50) {
  for (let port = preferred; port < preferred + span; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${preferred}..${preferred + span - 1}`);
}

module.exports = { anyFreePort, freePortFrom, portIsFree };
