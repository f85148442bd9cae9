import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AppError,
  CHANGELOG_TYPES,
  type ChangelogCreate,
  changelogCreateSchema,
  type ResetLink,
  zodIssuesToFieldIssues,
} from '@erp/domain';
import { loadConfig } from '../config.ts';
import { openDatabaseUrl } from '../db/company-router.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { croatianMessage } from '../i18n/validation-messages.ts';
import { setAccountStatusByEmail, setPlatformAdmin } from '../modules/admin/admin.service.ts';
import { type VerifyResult, verifyAuditChain } from '../modules/audit/audit.service.ts';
import { createResetLink } from '../modules/auth/password-reset.ts';
import { createChangelogService } from '../modules/changelog/changelog.service.ts';
import { backupCompany, restoreCompany } from '../platform/backup.ts';
import { moveCompany, setCompanyReadOnly } from '../platform/move.ts';
import {
  initKeyring,
  type KeyFile,
  newKeyFile,
  newKeyId,
  readKeyFile,
  reloadKeyring,
  writeKeyFile,
} from '../security/keyring.ts';
import { type KeyStatus, keyStatus, type RotationResult, rotateAll } from '../security/rotation.ts';

const USAGE = `Usage: npm run admin -- <command>
  block <email>                 block a user's account (seen live by the user)
  unblock <email>               unblock it
  grant-admin <email>           make a user a platform administrator
  changelog add --title T --version V --type ${CHANGELOG_TYPES.join('|')} --description D --item "line" [--item ...] [--publish]
  changelog publish <id>        publish an entry now
  audit verify [--company <id>] recompute the audit hash chains
  keys generate                 print a new key file (JSON) for ENCRYPTION_KEY_FILE, or env lines
  keys rotate                   add a new active key (key file) and re-encrypt every value under it
  keys status                   how many stored values each key protects
  reset-link <email>            print a one-time password reset link (when no SMTP_URL is set)
  company list                  companies in dedicated databases (and any read-only one)
  company read-only <id> on|off  refuse writes to a company (maintenance) or allow them again
  company move <id> --to <postgres-url>|shared
                                move a company's rows to a dedicated database or back (verified)
  backup <company> <file>       one company's rows from a consistent snapshot, to a file
  restore <file> [--into <company>]
                                restore in place, or into another empty company with new ids`;

class UsageError extends Error {}

/** The operations, done either through the running server or directly on the database. */
type Backend = {
  setStatus(email: string, status: 'active' | 'blocked'): Promise<void>;
  grantAdmin(email: string): Promise<void>;
  addChangelog(input: ChangelogCreate): Promise<{ id: string }>;
  publishChangelog(id: string): Promise<void>;
  verifyAudit(company?: string): Promise<VerifyResult>;
  rotateKeys(): Promise<RotationResult>;
  keyStatus(): Promise<KeyStatus>;
  resetLink(email: string): Promise<ResetLink>;
  setReadOnly(companyId: string, readOnly: boolean): Promise<void>;
  close(): Promise<void>;
};

function runningServer(dataDir: string): { port: number; token: string } | null {
  const file = join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number; token: string };
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return null; // stale file from a server that died
  }
}

function httpBackend(server: { port: number; token: string }): Backend {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    if (!response.ok)
      throw new AppError(
        (json?.error?.code as never) ?? 'INTERNAL',
        json?.error?.message ?? `HTTP ${response.status}`,
      );
    return json as T;
  }
  return {
    setStatus: async (email, status) => {
      await call('POST', `/api/admin/${status === 'blocked' ? 'block' : 'unblock'}`, { email });
    },
    grantAdmin: async () => {
      throw new UsageError(
        'grant-admin needs direct database access: stop the server first (PGlite) or use DATABASE_URL',
      );
    },
    addChangelog: (input) => call('POST', '/api/admin/changelog', input),
    publishChangelog: async (id) => {
      await call('POST', `/api/admin/changelog/${id}/publish`);
    },
    verifyAudit: (company) => call('GET', `/api/admin/audit/verify${company ? `?company=${company}` : ''}`),
    rotateKeys: () => call('POST', '/api/admin/keys/rotate'),
    keyStatus: () => call('GET', '/api/admin/keys/status'),
    resetLink: (email) => call('POST', '/api/admin/reset-link', { email }),
    setReadOnly: async (companyId, readOnly) => {
      await call('POST', `/api/admin/companies/${companyId}/read-only`, { read_only: readOnly });
    },
    close: async () => {},
  };
}

function directBackend(database: Database): Backend {
  const changelog = createChangelogService(database, () => {});
  return {
    setStatus: async (email, status) => {
      await setAccountStatusByEmail(database.db, email, status);
    },
    grantAdmin: (email) => setPlatformAdmin(database.db, email, true),
    addChangelog: (input) => changelog.create(input),
    publishChangelog: async (id) => {
      await changelog.update(id, { is_published: true });
    },
    verifyAudit: (company) => verifyAuditChain(database.db, company),
    rotateKeys: () => rotateAll(database.db, { keyring: reloadKeyring() }),
    keyStatus: () => keyStatus(database.db),
    resetLink: (email) => createResetLink(database.db, loadConfig().baseUrl, email),
    setReadOnly: (companyId, readOnly) => setCompanyReadOnly(database, companyId, readOnly),
    close: () => database.close(),
  };
}

async function openBackend(): Promise<Backend> {
  const config = loadConfig();
  initKeyring({ env: process.env, dataDir: config.dataDir, production: config.production });
  const server = runningServer(config.dataDir);
  if (server) return httpBackend(server);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(database);
  return directBackend(database);
}

function requireArg(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}`);
  return value;
}

async function changelogAdd(backend: Backend, args: string[]): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      title: { type: 'string' },
      version: { type: 'string' },
      type: { type: 'string' },
      description: { type: 'string' },
      item: { type: 'string', multiple: true },
      publish: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const parsed = changelogCreateSchema.safeParse({
    title: values.title,
    version: values.version,
    type: values.type,
    description: values.description ?? null,
    items: values.item ?? [],
    is_published: values.publish,
  });
  if (!parsed.success) {
    const issues = zodIssuesToFieldIssues(parsed.error);
    throw new UsageError(issues.map((i) => `--${i.field.split('.')[0]}: ${croatianMessage([i])}`).join('\n'));
  }
  const entry = await backend.addChangelog(parsed.data);
  return `Changelog entry ${entry.id} added${values.publish ? ' and published' : ''}`;
}

/** A new key becomes active in the key file; the old ones stay for reading until rotation is done. */
function addKeyToFile(): string {
  const config = loadConfig();
  const keyring = initKeyring({ env: process.env, dataDir: config.dataDir, production: config.production });
  if (keyring.source.kind !== 'file')
    return `Keys come from ENCRYPTION_KEYS: re-encrypting under the configured active key ${keyring.activeKid}`;
  const file: KeyFile = readKeyFile(keyring.source.path);
  const kid = newKeyId();
  file.keys[kid] = randomBytes(32).toString('base64');
  file.active = kid;
  writeKeyFile(keyring.source.path, file);
  return `New active key ${kid} added to ${keyring.source.path}`;
}

function generateKeys(): string {
  const file = newKeyFile();
  const [kid, key] = Object.entries(file.keys)[0] ?? [];
  return [
    '# Key file (save as ENCRYPTION_KEY_FILE, mode 600):',
    JSON.stringify(file, null, 2),
    '# or as environment variables:',
    `ENCRYPTION_KEYS=${kid}:${key}`,
    `ENCRYPTION_INDEX_KEY=${file.index}`,
  ].join('\n');
}

async function keysCommand(sub: string | undefined): Promise<string> {
  if (sub === 'generate') return generateKeys();
  if (sub !== 'rotate' && sub !== 'status') throw new UsageError(`Unknown keys command: ${sub ?? '(none)'}`);
  const added = sub === 'rotate' ? addKeyToFile() : null;
  const backend = await openBackend();
  try {
    if (sub === 'status') {
      const s = await backend.keyStatus();
      return [
        `Active key: ${s.activeKid}`,
        `Stored values per key: ${JSON.stringify(s.byKid)}; not yet encrypted: ${s.plain}`,
        `Audit history per key (keep these keys to read old history): ${JSON.stringify(s.auditByKid)}`,
      ].join('\n');
    }
    const result = await backend.rotateKeys();
    return [
      added,
      `Re-encrypted ${result.values} values in ${result.rows} rows of ${result.companies} companies; every value is now under ${result.activeKid}.`,
      'Older keys are no longer needed for current data (keep them while you need to read old audit history).',
    ].join('\n');
  } finally {
    await backend.close();
  }
}

const COMMANDS = new Set(['block', 'unblock', 'grant-admin', 'changelog', 'audit', 'reset-link', 'company']);
const PLATFORM_COMMANDS = new Set(['company', 'backup', 'restore']);
const UUID_ARG = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function companyArg(value: string | undefined): string {
  const id = requireArg(value, 'company id');
  if (!UUID_ARG.test(id)) throw new UsageError(`Not a company id: ${id}`);
  return id.toLowerCase();
}

/**
 * Moves, backups and restores work on the databases themselves (several connections, snapshots,
 * long transactions), not through a running server: PostgreSQL (DATABASE_URL), or PGlite while no
 * server holds its data directory.
 */
async function openDirect(): Promise<Database> {
  const config = loadConfig();
  initKeyring({ env: process.env, dataDir: config.dataDir, production: config.production });
  if (!config.databaseUrl && runningServer(config.dataDir))
    throw new UsageError(
      'This command needs the database itself: stop the server first (PGlite) or set DATABASE_URL',
    );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(database);
  return database;
}

const progress = (line: string) => console.error(`  ${line}`);

async function platformCommand(command: string, sub: string | undefined, rest: string[]): Promise<string> {
  if (command === 'company' && sub !== 'list' && sub !== 'move')
    throw new UsageError(`Unknown company command: ${sub ?? '(none)'}`);
  const database = await openDirect();
  try {
    if (command === 'company' && sub === 'list') {
      const rows = await database.session((q) =>
        q(
          `select company_id, mode, database_url, state, updated_at from company_registry order by updated_at`,
          [],
        ),
      );
      if (rows.length === 0) return 'Every company is in the shared database.';
      return rows
        .map(
          (r) =>
            `${r.company_id}  ${r.mode}  ${r.state}  ${(openDatabaseUrl((r.database_url as string | null) ?? null) ?? '').replace(/\/\/[^@/]*@/, '//***@')}`,
        )
        .join('\n');
    }
    if (command === 'company') {
      const [id, ...flags] = rest;
      const { values } = parseArgs({ args: flags, options: { to: { type: 'string' } }, strict: true });
      const to = requireArg(values.to, '--to <postgres-url>|shared');
      if (to !== 'shared' && !/^postgres(ql)?:\/\//.test(to))
        throw new UsageError(`--to must be a postgres:// URL or shared`);
      const result = await moveCompany(database, companyArg(id), to, progress);
      const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
      return `Company ${result.companyId} moved from ${result.from} to ${result.to} in ${result.ms} ms (read-only for ${result.readOnlyMs} ms): ${rows} rows verified, stock balances = ledger, audit chain OK (${result.auditRows} rows)`;
    }
    if (command === 'backup') {
      const id = companyArg(sub);
      const file = requireArg(rest[0], 'backup file');
      const result = await backupCompany(database, id, file, progress);
      const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
      return `Backup of company ${id}: ${rows} rows, ${result.bytes} bytes in ${file}`;
    }
    const file = requireArg(sub, 'backup file');
    const { values } = parseArgs({ args: rest, options: { into: { type: 'string' } }, strict: true });
    const result = await restoreCompany(database, file, {
      into: values.into ? companyArg(values.into) : undefined,
      log: progress,
    });
    if (result.kind === 'into')
      return `Restored into company ${result.companyId} with new ids: ${result.rows} rows in ${result.tables} tables`;
    return `Company ${result.companyId} restored in place: row counts, stock and audit chain (${result.auditRows} rows) verified`;
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<string> {
  const [command, sub, ...rest] = argv;
  if (command === 'keys') return keysCommand(sub);
  // Read-only goes through the running server when there is one (like block), so it works on PGlite.
  if (command && PLATFORM_COMMANDS.has(command) && !(command === 'company' && sub === 'read-only'))
    return platformCommand(command, sub, rest);
  // Refuse a mistyped command before opening the database, which takes seconds.
  if (!command || !COMMANDS.has(command))
    throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  const backend = await openBackend();
  try {
    switch (command) {
      case 'block':
      case 'unblock': {
        const email = requireArg(sub, 'email');
        await backend.setStatus(email, command === 'block' ? 'blocked' : 'active');
        return `${command === 'block' ? 'Blocked' : 'Unblocked'} ${email}`;
      }
      case 'grant-admin': {
        const email = requireArg(sub, 'email');
        await backend.grantAdmin(email);
        return `${email} is now a platform administrator`;
      }
      case 'changelog':
        if (sub === 'add') return await changelogAdd(backend, rest);
        if (sub === 'publish') {
          const id = requireArg(rest[0], 'entry id');
          if (!/^[0-9a-f-]{36}$/i.test(id)) throw new UsageError(`Not an entry id: ${id}`);
          await backend.publishChangelog(id);
          return `Changelog entry ${id} published`;
        }
        throw new UsageError(`Unknown changelog command: ${sub ?? '(none)'}`);
      case 'audit': {
        if (sub !== 'verify') throw new UsageError(`Unknown audit command: ${sub ?? '(none)'}`);
        const { values } = parseArgs({ args: rest, options: { company: { type: 'string' } }, strict: true });
        const result = await backend.verifyAudit(values.company);
        if (!result.ok) {
          const b = result.firstBreak;
          process.exitCode = 1;
          const unsealed = result.unsealed ? `; ${result.unsealed} committed rows were never sealed` : '';
          return `Audit chain BROKEN: company ${b?.companyId}, row ${b?.seq} (${b?.reason})${unsealed}`;
        }
        const pending = result.pending
          ? `; ${result.pending} rows committed during the check wait for the next seal`
          : '';
        return `Audit chain OK: ${result.rows} rows in ${result.companies} companies${pending}`;
      }
      case 'company': {
        const [id, value] = rest;
        const companyId = companyArg(id);
        if (value !== 'on' && value !== 'off') throw new UsageError('company read-only <id> on|off');
        await backend.setReadOnly(companyId, value === 'on');
        return value === 'on'
          ? `Company ${companyId} is read-only: its users see a notice, writes are refused`
          : `Company ${companyId} is writable again`;
      }
      case 'reset-link': {
        const email = requireArg(sub, 'email');
        const link = await backend.resetLink(email);
        return `Password reset link for ${email} (valid until ${link.expiresAt}, works once):\n${link.url}`;
      }
      default:
        throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
    }
  } finally {
    await backend.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof AppError) console.error(`Error (${error.code}): ${error.message}`);
    else console.error(`Error: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
