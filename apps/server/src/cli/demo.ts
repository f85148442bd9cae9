import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '@erp/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { type DemoSummary, fillDemoCompany, resolveDemoTarget } from '../modules/demo/demo.service.ts';
import { initKeyring } from '../security/keyring.ts';

// `npm run demo -- --email owner@example.com` (or `--company <id>`, optional `--seed <n>`): fills
// an empty company with the demo glass and PVC window shop. Like the admin CLI, it goes through
// the running server when there is one (DATA_DIR/server.json), else straight to the database
// (DATABASE_URL or DATA_DIR/pglite).

const USAGE = 'Usage: npm run demo -- (--email <owner email> | --company <company id>) [--seed <n>]';

function runningServer(dataDir: string): { port: number; token: string } | null {
  const file = join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number; token: string };
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return null;
  }
}

async function viaServer(server: { port: number; token: string }, body: Record<string, unknown>) {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/admin/demo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as DemoSummary & { error?: { message: string } };
  if (!response.ok) throw new Error(json?.error?.message ?? `HTTP ${response.status}`);
  return json;
}

export async function main(argv: string[]): Promise<number> {
  let values: { email?: string; company?: string; seed?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, company: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
    }));
  } catch {
    console.error(USAGE);
    return 2;
  }
  if (Boolean(values.email) === Boolean(values.company) || (values.seed && !/^\d+$/.test(values.seed))) {
    console.error(USAGE);
    return 2;
  }
  const target = { email: values.email, company: values.company };
  const seed = values.seed ? Number(values.seed) : undefined;
  const config = loadConfig();
  initKeyring({ env: process.env, dataDir: config.dataDir, production: config.production });
  try {
    const server = runningServer(config.dataDir);
    let summary: DemoSummary;
    if (server) summary = await viaServer(server, { ...target, seed });
    else {
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: join(config.dataDir, 'pglite'),
      });
      try {
        await migrate(database);
        summary = await fillDemoCompany(database.db, await resolveDemoTarget(database.db, target), { seed });
      } finally {
        await database.close();
      }
    }
    console.log(
      Object.entries(summary)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    );
    return 0;
  } catch (error) {
    console.error(error instanceof AppError || error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href)
  process.exitCode = await main(process.argv.slice(2));
