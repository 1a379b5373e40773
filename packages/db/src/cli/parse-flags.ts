/** Minimal flag parsing for the db scripts: `--name value`, `--name=value` and boolean `--name`. */
export function parseFlags(argv: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (!arg.startsWith('--')) continue;
    const [name, inlineValue] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[index + 1];
    if (inlineValue !== undefined) flags.set(name, inlineValue);
    else if (next !== undefined && !next.startsWith('--')) {
      flags.set(name, next);
      index++;
    } else flags.set(name, true);
  }
  return flags;
}

/** Reads a positive integer flag, or the fallback; exits with a message when the value is not a number. */
export function readIntegerFlag(flags: Map<string, string | true>, name: string, fallback: number): number {
  const value = flags.get(name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative integer, got ${String(value)}`);
    process.exit(2);
  }
  return parsed;
}
