/**
 * Child process of create-file-once.test.ts: one server instance starting on a fresh DATA_DIR.
 * Prints "ready", reads a start time from stdin, then for round k waits (busy) until start + k×40 ms
 * and loads the config and the keyring of DATA_DIR <base>/<k>, as main.ts does at start-up; prints
 * one JSON line per round with the auth secret and the active key it got.
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config.ts';
import { loadKeyring } from './keyring.ts';

const [base, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const lines = createInterface({ input: process.stdin });
console.log('ready');
const startAt = Number(await new Promise<string>((resolve) => lines.once('line', resolve)));
lines.close();
for (let k = 0; k < rounds; k++) {
  while (Date.now() < startAt + k * 40) {
    // Busy wait: every process leaves it within the same millisecond.
  }
  const dataDir = join(base as string, String(k));
  const secret = loadConfig({ DATA_DIR: dataDir }).authSecret;
  const keyring = loadKeyring({ env: {}, dataDir, production: false });
  const key = keyring.keys.get(keyring.activeKid)?.toString('base64');
  console.log(JSON.stringify({ round: k, secret, kid: keyring.activeKid, key }));
}
