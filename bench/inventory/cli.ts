/** Command-line helpers of the inventory benchmarks. */

/** `--name <number>` from the command line, else the fallback. */
export function numberArg(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

/** Stops with a hint when no PostgreSQL was started for the run. */
export function requireDatabaseUrl(hint: string): void {
  if (process.env.TEST_DATABASE_URL) return;
  console.error(`TEST_DATABASE_URL is not set: ${hint}`);
  process.exit(1);
}
