// `npm run cut -- <input.json>`: reads a cutting job, prints the plan as JSON on stdout.
// Invalid input exits with code 2 and one line per problem on stderr, naming the field.
import { readFileSync } from 'node:fs';
import { ZodError } from 'zod';
import { CuttingInputError, describeIssues, optimizeCutting, parseCutInput } from '../src/cutting/index.ts';

function fail(lines: string[], code: number): never {
  for (const l of lines) process.stderr.write(`${l}\n`);
  process.exit(code);
}

const file = process.argv[2];
if (!file) fail(['usage: npm run cut -- <input.json>'], 64);
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  fail([`cannot read ${file}: ${(e as Error).message}`], 66);
}
try {
  const input = parseCutInput(raw);
  const result = optimizeCutting(input);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (e) {
  if (e instanceof ZodError) fail(['invalid input:', ...describeIssues(e)], 2);
  if (e instanceof CuttingInputError) fail([`invalid input: ${e.message}`], 2);
  throw e;
}
