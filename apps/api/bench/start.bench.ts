/**
 * `npm run bench:start`: the API from source through tsx's loader (ADR 004) against the build (`node dist/server.js`,
 * ADR 038), on the demo catalogue (2,000 products, seeded into `.data/bench-start` on first use), in one run and in
 * turns (tsx, build, tsx, build, …), so that both meet the same machine and the same warm file cache.
 *
 * Each start: Node's process launched until `GET /api/health` answers 200 (the start time: loading the code,
 * opening PGlite, the migrations check, building the search index) and the CPU time the process used for it, then a few requests that every storefront page
 * makes (the area, a search), then 5 s idle and its resident memory (VmRSS), then SIGTERM and its exit code.
 *
 * Prints the figures per start and the medians; output also goes to <repo>/bench/results/api-start.txt.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createReport, machineLine, REPO_ROOT } from './support.ts';

const API_DIR = path.join(REPO_ROOT, 'apps', 'api');
const DATA_DIR = path.join(REPO_ROOT, '.data', 'bench-start', 'pglite');
const PORT = Number(process.env.BENCH_START_PORT ?? 4515);
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const IDLE_MS = 5_000;

const VARIANTS = {
  tsx: ['--import', 'tsx', 'src/server.ts'],
  build: ['dist/server.js'],
} as const;
type Variant = keyof typeof VARIANTS;

type Start = { variant: Variant; startMs: number; startCpuMs: number; idleRssMb: number; exitCode: number | null };

/** Linux's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, all threads) a process has used, in ms: unlike the wall-clock start, it hardly depends on
 * what else the machine is doing.
 */
function cpuMs(pid: number): number {
  // the fields after the command name, which is in brackets and may hold spaces: utime and stime are 14th and 15th
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function measure(variant: Variant): Promise<Start> {
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...VARIANTS[variant]], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      API_PORT: String(PORT),
      PGLITE_DATA_DIR: DATA_DIR,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  while ((await status(`${base}/api/health`)) !== 200) {
    if (child.exitCode !== null) throw new Error(`the API (${variant}) ended before it answered`);
    await sleep(20);
  }
  const startMs = Math.round(performance.now() - startedAt);
  const startCpuMs = cpuMs(child.pid ?? 0);
  for (const url of ['/api/Area/GetAreaById?AreaId=eu', '/api/health']) {
    if ((await status(`${base}${url}`)) !== 200) throw new Error(`${url} did not answer 200 (${variant})`);
  }
  await sleep(IDLE_MS);
  const idleRssMb = rssMb(child.pid ?? 0);
  child.kill('SIGTERM');
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  return { variant, startMs, startCpuMs, idleRssMb, exitCode };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const report = createReport('api-start');
report.print(`API start and idle memory: tsx (ADR 004) against the build (ADR 038) — ${machineLine()}`);

if (!existsSync(DATA_DIR)) {
  report.print('seeding the demo catalogue into .data/bench-start …');
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/db/src/cli/seed.ts', '--if-empty'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PGLITE_DATA_DIR: DATA_DIR },
    stdio: 'inherit',
  });
}
execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR, stdio: 'inherit' });

const starts: Start[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const variant of ['tsx', 'build'] as const) {
    const start = await measure(variant);
    starts.push(start);
    report.print(
      `round ${round} ${variant.padEnd(5)}  start ${String(start.startMs).padStart(5)} ms, CPU ` +
        `${String(start.startCpuMs).padStart(5)} ms  idle RSS ` +
        `${String(start.idleRssMb).padStart(4)} MB  exit ${start.exitCode}`,
    );
  }
}
report.print();
for (const variant of ['tsx', 'build'] as const) {
  const own = starts.filter((start) => start.variant === variant);
  report.print(
    `median ${variant.padEnd(5)}  start ${median(own.map((start) => start.startMs))} ms, CPU ` +
      `${median(own.map((start) => start.startCpuMs))} ms  idle RSS ` +
      `${median(own.map((start) => start.idleRssMb))} MB  (${own.length} starts; all exited 0: ${own.every((start) => start.exitCode === 0)})`,
  );
}
report.save();
