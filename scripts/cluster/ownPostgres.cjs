// A PostgreSQL server of one's own in a folder, with Debian's binaries (`PG_BIN`, else the newest
// /usr/lib/postgresql/<n>/bin): `npm run cluster` keeps one in .data/cluster-pg (postgres.mjs), the
// fault tests start one in a temp folder that they stop, freeze and thaw (backend/test/fault/
// pgCluster.ts). PostgreSQL refuses to run as root: as root its commands run as the `postgres`
// user. CommonJS, so plain node, tsx and Jest's CommonJS tests share this one copy; its types
// are in ownPostgres.d.cts.
const { execFileSync } = require('node:child_process');
const { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The folder of PostgreSQL's programs (initdb, pg_ctl), or null when none is installed. */
function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

class OwnPostgres {
  /**
   * @param {string} bin PostgreSQL's programs (postgresBinDir())
   * @param {string} dir the folder: `data` in it, its socket and `server.log` beside
   * @param {number} port where it listens (127.0.0.1)
   */
  constructor(bin, dir, port) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
  }

  get dataDir() {
    return path.join(this.dir, 'data');
  }

  /** Runs one of PostgreSQL's programs (as `postgres` when we are root); answers its output. */
  run(program, args) {
    const file = path.join(this.bin, program);
    return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
      stdio: 'pipe',
    }).toString();
  }

  /**
   * Makes the folder (owned by `postgres` as root, private) and initialises the server there
   * unless it already was; trust authentication for `postgres`. `noSync`: initdb skips its fsync
   * (a throw-away server of a test).
   */
  init({ noSync = false } = {}) {
    mkdirSync(this.dir, { recursive: true });
    if (asRoot) {
      const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
      chownSync(this.dir, id('-u'), id('-g'));
    }
    chmodSync(this.dir, 0o700);
    if (!existsSync(path.join(this.dataDir, 'PG_VERSION')))
      this.run('initdb', [
        '-D',
        this.dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        ...(noSync ? ['--no-sync'] : []),
      ]);
  }

  /** The port of a server already running on this folder (a cluster that was not stopped), or null. */
  runningPort() {
    try {
      this.run('pg_ctl', ['status', '-D', this.dataDir]);
      return Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    } catch {
      return null; // pg_ctl status exits 3 when no server runs there
    }
  }

  /** The postmaster's pid (read from its pid file: the server must be running). */
  postmasterPid() {
    return Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** Starts the server on 127.0.0.1 and waits until it accepts connections; `settings`: more `-c name=value`. */
  start(settings = []) {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' ');
    this.run('pg_ctl', [
      'start',
      '-w',
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      options,
    ]);
  }

  /** Stops the server: 'fast' ends every session cleanly, 'immediate' is a crash. Throws when none runs. */
  stop(mode = 'fast') {
    this.run('pg_ctl', ['stop', '-w', '-D', this.dataDir, '-m', mode]);
  }
}

exports.postgresBinDir = postgresBinDir;
exports.OwnPostgres = OwnPostgres;
