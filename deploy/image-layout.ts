/**
 * A stage of an image laid out in a folder, from its Dockerfile, for the tests that run what the image would run
 * (no image can be built here, ADR 038): each COPY from the build context (the repository, less what .dockerignore
 * keeps out) or, `--from=<stage> /app/…`, from the repository, which holds the build stage's output once built; the
 * stage's `npm ci` stands in as links to the installed node_modules where npm would put them.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Stage } from './dockerfile-rules.ts';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The images' WORKDIR, which holds the repository's layout. */
const IMAGE_ROOT = '/app';
const WORKSPACE_FOLDERS = ['', 'apps/api', 'apps/web', 'packages/db', 'packages/contract'];

/** .dockerignore's patterns as the tests need them: `**∕name` (a name anywhere) or a path from the root. */
function isIgnoredByDockerignore(): (relativePath: string) => boolean {
  const patterns = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const anywhere = new Set(patterns.filter((p) => p.startsWith('**/')).map((p) => p.slice(3)));
  const fromRoot = patterns.filter((p) => !p.startsWith('**/'));
  return (relativePath) =>
    anywhere.has(path.basename(relativePath)) ||
    fromRoot.some((pattern) => relativePath === pattern || relativePath.startsWith(`${pattern}/`));
}

/** Lays `stage` out in `root` (standing for /app). */
export function layOutStage(stage: Stage, root: string): void {
  const isIgnored = isIgnoredByDockerignore();
  mkdirSync(root, { recursive: true });
  for (const copy of stage.instructions.filter((instruction) => instruction.keyword === 'COPY')) {
    const words = copy.args.split(/\s+/);
    const fromStage = words.some((word) => word.startsWith('--from='));
    const [destination = '', ...sources] = words.filter((word) => !word.startsWith('--')).reverse();
    for (const source of sources.reverse()) {
      const from = path.join(REPO_ROOT, fromStage ? path.relative(IMAGE_ROOT, source) : source);
      const to = destination.endsWith('/')
        ? path.join(root, destination, path.basename(source))
        : path.join(root, destination);
      cpSync(from, to, {
        recursive: true,
        // the build context holds what .dockerignore lets through; another stage's output is taken as it is
        filter: (file) => fromStage || !isIgnored(path.relative(REPO_ROOT, file)),
      });
    }
  }
  for (const folder of WORKSPACE_FOLDERS) {
    const installed = path.join(REPO_ROOT, folder, 'node_modules');
    if (existsSync(installed) && existsSync(path.join(root, folder, 'package.json'))) {
      symlinkSync(installed, path.join(root, folder, 'node_modules'));
    }
  }
}
