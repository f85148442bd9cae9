/**
 * Crash-safety bench (issue 11, section 5).
 *
 *   npx tsx bench/crash/run.ts --db pglite --cycles 30
 *   (source scripts/test-env.sh; npx tsx bench/crash/run.ts --db postgres --cycles 100 --url "$TEST_DATABASE_URL")
 *
 * Prints one line per cycle and a summary; exits 1 when any check fails. `--json <file>` writes the report.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { crashRun } from '../../apps/server/src/test/crash.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    cycles: { type: 'string', default: '10' },
    url: { type: 'string' },
    clients: { type: 'string', default: '4' },
    seed: { type: 'string' },
    json: { type: 'string' },
    port: { type: 'string' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const started = Date.now();
const report = await crashRun({
  kind,
  cycles: Number(values.cycles),
  databaseUrl: values.url ?? process.env.TEST_DATABASE_URL,
  clients: Number(values.clients),
  seed: values.seed ? Number(values.seed) : undefined,
  port: values.port ? Number(values.port) : undefined,
  log: (line) => console.log(line),
});
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const acked = report.cycles.reduce((a, c) => a + c.acked, 0);
const cut = report.cycles.reduce((a, c) => a + c.failedInFlight, 0);
const starts = report.cycles.map((c) => c.startMs).sort((a, b) => a - b);
console.log(
  `\n${kind}: ${report.cycles.length} kills in ${seconds} s; ${acked} acknowledged writes, ${cut} requests cut off; ` +
    `restart median ${starts[Math.floor(starts.length / 2)]} ms; totals ${JSON.stringify(report.totals)}; ` +
    `audit chain ${report.auditRows} rows; problems: ${report.problems.length}`,
);
for (const p of report.problems) console.log(`  ${p}`);
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ seconds: Number(seconds), ...report }, null, 2)}\n`);
process.exit(report.problems.length ? 1 : 0);
