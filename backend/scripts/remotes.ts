/**
 * The operators' command line for remote releases, a client of the running shop's admin API
 * (`/backend/api/admin/remotes...`), so it works beside any number of API instances:
 *
 *   npm run remotes -- status                                   every remote: live, canary, rollback, last hour
 *   npm run remotes -- versions <remote>                        published versions, newest first
 *   npm run remotes -- history <remote>                         who changed what, when and why
 *   npm run remotes -- promote <remote> <version> --reason "…"  make a validated version live
 *   npm run remotes -- canary <remote> <version> <percent> --reason "…"
 *   npm run remotes -- rollback <remote> --reason "…"           the previous live version again
 *   npm run remotes -- abort <remote> --reason "…"              end the canary
 *   npm run remotes -- override <remote> <entry-url> [--minutes N]  a developer's signed override
 *   npm run remotes -- prune [<remote>]                         delete old versions retention allows
 *
 * Changes take `--if-revision N` (refused with 409 when the remote changed since revision N).
 * Environment: SHOP_URL (default http://localhost:$PORT, 8080), ADMIN_TOKEN or ADMIN_EMAIL +
 * ADMIN_PASSWORD. `--json` prints the API's answer as it is. Exit codes: 0 done, 1 refused or
 * failed (one line on stderr), 2 a usage mistake.
 */
import { parseArgs } from 'node:util';
import type { RegistryHistoryEntry, RemoteStatus, RemoteVersionInfo } from '@shop/contract';
import {
  CanaryBody,
  OverrideBody,
  REMOTE_NAMES,
  RegistryChangeBody,
  type RemoteName,
  VERSION_PATTERN,
} from '@shop/contract/schemas/remotes';
import { AdminApi, CliError, shopUrlOf } from './remotesClient';

/** Where the CLI writes: the console, or a test's buffer. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

type Env = Record<string, string | undefined>;

const OPTIONS = {
  reason: { type: 'string' },
  'if-revision': { type: 'string' },
  minutes: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

interface Invocation {
  positionals: string[];
  reason: string | undefined;
  ifRevision: string | undefined;
  minutes: string | undefined;
  json: boolean;
  api: AdminApi;
  output: Output;
}

interface Command {
  usage: string;
  /** How many positional arguments follow the command's name (more is a usage mistake). */
  arity: number;
  /** Changes the registry: needs --reason, takes --if-revision. */
  change: boolean;
  run(invocation: Invocation): Promise<void>;
}

// ---- Arguments, checked here with the contract's own bounds before anything is sent ----

/** `cart_checkout`, or its folder `mfe-cart-checkout` (as `npm run release` takes it). */
function remoteArg(text: string | undefined): RemoteName {
  const bare = text?.replace(/\/+$/, '').replace(/^mfe-/, '').replace(/-/g, '_');
  const remote = REMOTE_NAMES.find((name) => name === bare);
  if (!remote)
    throw new CliError(`<remote> must be one of ${REMOTE_NAMES.join(', ')}; got ${text ?? 'none'}`, 2);
  return remote;
}

function versionArg(text: string | undefined): string {
  if (!text || !new RegExp(VERSION_PATTERN).test(text))
    throw new CliError(`<version> is not a version name (e.g. 0.1.0-3fa9c2d1e0): ${text ?? 'none'}`, 2);
  return text;
}

function integerArg(text: string | undefined, name: string, minimum: number, maximum: number): number {
  const value = Number(text);
  if (
    text === undefined ||
    text.trim() === '' ||
    !Number.isInteger(value) ||
    value < minimum ||
    value > maximum
  )
    throw new CliError(
      `${name} must be a whole number from ${minimum} to ${maximum}; got ${text ?? 'none'}`,
      2,
    );
  return value;
}

/** Every change says why (kept in the history): refused without a reason. */
function reasonArg(text: string | undefined): string {
  const reason = text?.trim() ?? '';
  const { maxLength = 500 } = RegistryChangeBody.properties.reason;
  if (!reason) throw new CliError('Say why with --reason "…": every change is kept in the history.', 2);
  if (reason.length > maxLength) throw new CliError(`--reason is longer than ${maxLength} characters`, 2);
  return reason;
}

function changeArgs(invocation: Invocation): { reason: string; ifRevision?: number } {
  const reason = reasonArg(invocation.reason);
  if (invocation.ifRevision === undefined) return { reason };
  return { reason, ifRevision: integerArg(invocation.ifRevision, '--if-revision', 0, 2_147_483_647) };
}

// ---- Tables ----

/**
 * A cell as the terminal may print it: control characters (an escape sequence hidden in a reason
 * or a reported route) become `?`, so text from the API can never drive the operator's terminal.
 */
export const printable = (text: string): string =>
  Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) ? '?' : character;
  }).join('');

/** Left-aligned columns, two spaces apart, the header first. */
export function table(headers: string[], unsafeRows: string[][]): string[] {
  const rows = unsafeRows.map((row) => row.map(printable));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

/** `2026-11-27T04:21:20.123Z` → `2026-11-27 04:21` (UTC); anything else as it is. */
const minute = (iso: string) =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(iso) ? iso.slice(0, 16).replace('T', ' ') : iso;
const NONE = '-';
/** A remote's own build, served while nothing promoted is live (a null version in the history). */
const BUILT_IN_LABEL = 'built-in';
/** The built-in version by its name, or none when the remote has no build to serve. */
const builtInOf = (status: RemoteStatus) => (status.builtIn ? `${status.builtIn} (${BUILT_IN_LABEL})` : NONE);

function liveOf(status: RemoteStatus): string {
  return status.live ? status.live.version : builtInOf(status);
}

/** What `rollback` would make live: a version, the built-in build (named by its version), or none. */
function rollbackOf(status: RemoteStatus): string {
  if (status.rollbackTo === null) return NONE;
  return status.rollbackTo === status.builtIn ? builtInOf(status) : status.rollbackTo;
}

const percentOf = (failures: number, loads: number) =>
  loads === 0 ? NONE : `${((failures / loads) * 100).toFixed(1)} %`;

export function statusLines(remotes: RemoteStatus[]): string[] {
  const registry = table(
    ['REMOTE', 'LIVE', 'LIVE SINCE', 'CANARY', 'SHARE', 'ROLLBACK TO', 'REVISION'],
    remotes.map((status) => [
      status.remote,
      liveOf(status),
      status.live ? minute(status.live.since) : NONE,
      status.canary?.version ?? NONE,
      status.canary ? `${status.canary.percent} %` : NONE,
      rollbackOf(status),
      String(status.revision),
    ]),
  );
  const stats = remotes.flatMap((status) =>
    status.lastHour.map((row) => [
      status.remote,
      row.version,
      String(row.loads),
      String(row.failures),
      percentOf(row.failures, row.loads),
    ]),
  );
  const lastHour = stats.length
    ? table(['REMOTE', 'VERSION', 'LOADS', 'FAILURES', 'FAILED'], stats)
    : ['No loads reported in the last hour.'];
  return [...registry, '', 'Last hour:', ...lastHour];
}

const KIBIBYTE = 1024;
const MEBIBYTE = 1024 * KIBIBYTE;
const sizeOf = (bytes: number) =>
  bytes < MEBIBYTE ? `${(bytes / KIBIBYTE).toFixed(1)} KB` : `${(bytes / MEBIBYTE).toFixed(1)} MB`;

export function versionLines(remote: RemoteName, versions: RemoteVersionInfo[]): string[] {
  if (versions.length === 0) return [`${remote}: no published versions.`];
  return table(
    ['VERSION', 'STATE', 'PUBLISHED', 'SIZE', 'REFUSED BECAUSE'],
    versions.map((version) => [
      version.version,
      version.state,
      minute(version.publishedAt),
      sizeOf(version.bytes),
      version.refusal ?? '',
    ]),
  );
}

export function historyLines(remote: RemoteName, history: RegistryHistoryEntry[]): string[] {
  if (history.length === 0) return [`${remote}: no registry changes yet.`];
  return table(
    ['#', 'AT', 'ACTION', 'VERSION', 'FROM', 'SHARE', 'BY', 'REASON'],
    history.map((entry) => [
      String(entry.id),
      minute(entry.at),
      entry.action,
      entry.version ?? BUILT_IN_LABEL,
      // A refusal changed nothing, so it names no version it moved from.
      entry.fromVersion ?? (entry.action === 'refused' ? NONE : BUILT_IN_LABEL),
      entry.percent === null ? NONE : `${entry.percent} %`,
      entry.actor,
      entry.reason,
    ]),
  );
}

function pruneLine(remote: RemoteName, removed: string[]): string {
  if (removed.length === 0)
    return `${remote}: nothing to prune (the newest RELEASES_KEEP and every version in use stay).`;
  return `${remote}: removed ${removed.length} version${removed.length === 1 ? '' : 's'}: ${removed.join(', ')}`;
}

/** After a change: one sentence saying what shoppers now load, then the remote's row. */
function changedLines(what: string, status: RemoteStatus): string[] {
  return [`${status.remote}: ${what} (revision ${status.revision}).`, '', ...statusLines([status])];
}

function print(invocation: Invocation, answer: unknown, lines: () => string[]): void {
  if (invocation.json) invocation.output.out(JSON.stringify(answer, null, 2));
  else for (const line of lines()) invocation.output.out(line);
}

// ---- Commands ----

const commands: Record<string, Command> = {
  status: {
    usage: 'status   every remote: live, canary and share, rollback target, revision, last hour',
    arity: 0,
    change: false,
    async run(invocation) {
      const answer = await invocation.api.call('GET admin/remotes');
      print(invocation, answer, () => statusLines(answer.remotes));
    },
  },
  versions: {
    usage: 'versions <remote>   published versions, newest first, with their state',
    arity: 1,
    change: false,
    async run(invocation) {
      const remote = remoteArg(invocation.positionals[0]);
      const answer = await invocation.api.call('GET admin/remotes/:remote/versions', { params: { remote } });
      print(invocation, answer, () => versionLines(remote, answer.versions));
    },
  },
  history: {
    usage: 'history <remote>   registry changes, newest first: who, when, what, why',
    arity: 1,
    change: false,
    async run(invocation) {
      const remote = remoteArg(invocation.positionals[0]);
      const answer = await invocation.api.call('GET admin/remotes/:remote/history', { params: { remote } });
      print(invocation, answer, () => historyLines(remote, answer.history));
    },
  },
  promote: {
    usage: 'promote <remote> <version> --reason "…" [--if-revision N]   make a validated version live',
    arity: 2,
    change: true,
    async run(invocation) {
      const [remoteText, versionText] = invocation.positionals;
      const remote = remoteArg(remoteText);
      const version = versionArg(versionText);
      const answer = await invocation.api.call('POST admin/remotes/:remote/promote', {
        params: { remote },
        body: { version, ...changeArgs(invocation) },
      });
      print(invocation, answer, () => changedLines(`${version} is live`, answer.remote));
    },
  },
  canary: {
    usage: 'canary <remote> <version> <percent> --reason "…" [--if-revision N]   a sticky share of shoppers',
    arity: 3,
    change: true,
    async run(invocation) {
      const [remoteText, versionText, percentText] = invocation.positionals;
      const remote = remoteArg(remoteText);
      const version = versionArg(versionText);
      const { minimum = 1, maximum = 99 } = CanaryBody.properties.percent;
      const percent = integerArg(percentText?.replace(/%$/, ''), '<percent>', minimum, maximum);
      const answer = await invocation.api.call('POST admin/remotes/:remote/canary', {
        params: { remote },
        body: { version, percent, ...changeArgs(invocation) },
      });
      print(invocation, answer, () =>
        changedLines(`${version} in canary for ${percent} % of shoppers`, answer.remote),
      );
    },
  },
  rollback: {
    usage: 'rollback <remote> --reason "…" [--if-revision N]   the previous live version again',
    arity: 1,
    change: true,
    async run(invocation) {
      const remote = remoteArg(invocation.positionals[0]);
      const answer = await invocation.api.call('POST admin/remotes/:remote/rollback', {
        params: { remote },
        body: changeArgs(invocation),
      });
      print(invocation, answer, () =>
        changedLines(`rolled back, ${liveOf(answer.remote)} is live`, answer.remote),
      );
    },
  },
  abort: {
    usage: 'abort <remote> --reason "…" [--if-revision N]   end the canary: everyone loads the live version',
    arity: 1,
    change: true,
    async run(invocation) {
      const remote = remoteArg(invocation.positionals[0]);
      const answer = await invocation.api.call('POST admin/remotes/:remote/abort', {
        params: { remote },
        body: changeArgs(invocation),
      });
      print(invocation, answer, () =>
        changedLines(`canary ended, everyone loads ${liveOf(answer.remote)}`, answer.remote),
      );
    },
  },
  prune: {
    usage: 'prune [<remote>]   delete old versions retention allows (every remote when none is named)',
    arity: 1,
    change: false,
    async run(invocation) {
      const named = invocation.positionals[0];
      const remotes = named === undefined ? [...REMOTE_NAMES] : [remoteArg(named)];
      const answers: { remote: RemoteName; removed: string[] }[] = [];
      for (const remote of remotes) {
        const { removed } = await invocation.api.call('POST admin/remotes/:remote/prune', {
          params: { remote },
          body: {},
        });
        answers.push({ remote, removed });
      }
      print(invocation, answers, () => answers.map(({ remote, removed }) => pruneLine(remote, removed)));
    },
  },
  override: {
    usage: 'override <remote> <entry-url> [--minutes N]   point only your browser at a local build',
    arity: 2,
    change: false,
    async run(invocation) {
      const [remoteText, entry] = invocation.positionals;
      const remote = remoteArg(remoteText);
      if (!entry || !new RegExp(OverrideBody.properties.entry.pattern ?? '').test(entry))
        throw new CliError(
          `<entry-url> must be a build's remoteEntry.js, e.g. http://localhost:3001/remoteEntry.js; got ${entry ?? 'none'}`,
          2,
        );
      const { minimum = 1, maximum = 1440 } = OverrideBody.properties.minutes;
      const minutes =
        invocation.minutes === undefined
          ? undefined
          : integerArg(invocation.minutes, '--minutes', minimum, maximum);
      const answer = await invocation.api.call('POST admin/remotes/overrides', {
        body: { remote, entry, ...(minutes === undefined ? {} : { minutes }) },
      });
      print(invocation, answer, () => [
        `${remote}: override to ${entry}, until ${minute(answer.expiresAt)} UTC.`,
        `Open in your browser to turn it on there: ${invocation.api.shopUrl}${answer.path}`,
        `Turn it off: ${invocation.api.shopUrl}/?remote-override=clear`,
      ]);
    },
  },
};

export function usage(): string[] {
  return [
    'npm run remotes -- <command> [--json]',
    ...Object.values(commands).map((command) => `  ${command.usage}`),
    'Environment: SHOP_URL (default http://localhost:$PORT or 8080), ADMIN_TOKEN or ADMIN_EMAIL + ADMIN_PASSWORD.',
  ];
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), 2);
  }
}

/**
 * The CLI without a process around it: runs one command and answers the exit code (0 done, 1
 * refused or failed, 2 a usage mistake). Arguments are checked before signing in, so a missing
 * `--reason` costs no request.
 */
export async function run(argv: string[], env: Env, output: Output): Promise<number> {
  let api: AdminApi | null = null;
  try {
    const { values, positionals } = parse(argv);
    const [name, ...rest] = positionals;
    const command = name ? commands[name] : undefined;
    if (values.help) {
      for (const line of usage()) output.out(line);
      return 0;
    }
    if (!name) {
      for (const line of usage()) output.err(line);
      return 2;
    }
    if (!command) throw new CliError(`Unknown command: ${name}. ${usage()[0]}; --help lists them.`, 2);
    if (rest.length > command.arity)
      throw new CliError(
        `Too many arguments for ${name}: npm run remotes -- ${command.usage.split('   ')[0]}`,
        2,
      );
    if (values.minutes !== undefined && name !== 'override')
      throw new CliError('--minutes is for override only.', 2);
    if (!command.change && (values.reason !== undefined || values['if-revision'] !== undefined))
      throw new CliError(`${name} changes nothing: --reason and --if-revision are for changes.`, 2);
    if (command.change) reasonArg(values.reason);
    api = new AdminApi(shopUrlOf(env), env);
    const invocation: Invocation = {
      positionals: rest,
      reason: values.reason,
      ifRevision: values['if-revision'],
      minutes: values.minutes,
      json: values.json,
      api,
      output,
    };
    await command.run(invocation);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    output.err(error.message);
    return error.exitCode;
  } finally {
    await api?.signOut();
  }
}

if (require.main === module) {
  run(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  );
}
