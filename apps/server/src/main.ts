import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { initErrorReporting } from './observability/sentry.ts';
import { initKeyring } from './security/keyring.ts';
import { rotateIfNeeded } from './security/rotation.ts';

const config = loadConfig();
const report = initErrorReporting(config);
// Missing keys in production stop the start here, with a message saying what to set.
initKeyring({ env: process.env, dataDir: config.dataDir, production: config.production });
mkdirSync(config.dataDir, { recursive: true });
const pgliteDir = join(config.dataDir, 'pglite');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir });
const applied = await migrate(database);
const adminToken = randomBytes(32).toString('base64url');
const { app } = await buildApp({ config, database, report, adminToken, logger: true });
await app.listen({ port: config.port, host: config.host });
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
app.log.info({ database: database.kind, web: config.webDist !== null }, 'server ready');
// Values not yet under the active key (plain rows from before encryption, an unfinished rotation) are
// re-encrypted in the background, in small locked batches, while the server serves requests.
rotateIfNeeded(database.db).then(
  (done) => done && app.log.info(done, 'encryption pass done'),
  (error: unknown) => {
    app.log.error({ err: error }, 'encryption pass failed');
    report(error);
  },
);

// The admin CLI finds the running server here (PGlite allows one process per data directory).
const stateFile = join(config.dataDir, 'server.json');
writeFileSync(
  stateFile,
  JSON.stringify({ pid: process.pid, port: config.port, token: adminToken, database: database.kind }),
  { mode: 0o600 },
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  rmSync(stateFile, { force: true });
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
