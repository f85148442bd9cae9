/**
 * One more instance of the application for the posting benchmark (`run.ts --instances 2`): the
 * same server as the benchmark's own, in a process of its own, on the same database and with the
 * same key file. Prints `port <n>` when it listens; stops on SIGTERM.
 *
 *   node --import tsx bench/inventory/app-process.ts <database url> <data dir>
 */
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { initKeyring } from '../../apps/server/src/security/keyring.ts';
import { testConfig } from '../../apps/server/src/test/harness.ts';

const [url, dataDir] = process.argv.slice(2);
if (!url || !dataDir) {
  console.error('usage: app-process.ts <database url> <data dir>');
  process.exit(1);
}
initKeyring({ env: process.env, dataDir, production: false });
const database = await openPostgres(url);
const { app } = await buildApp({ config: testConfig(), database, adminToken: 'bench-instance' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
