/**
 * The rules the images' Dockerfiles keep (ADR 038), checked by deploy/deploy-files.test.ts: no image can be built or
 * pulled on the development machines and CI, and Debian packages no Dockerfile linter, so the rules that matter for
 * this shop are read from the files themselves. Each problem names the line it is on.
 */

export type Instruction = { line: number; keyword: string; args: string };
export type Stage = { name: string | undefined; from: string; instructions: Instruction[] };

/** Instructions in order, continuation lines joined and comments and blank lines left out. */
export function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  let pending: { line: number; text: string } | undefined;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (!pending && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (pending && trimmed.startsWith('#')) return; // a comment inside a continued instruction
    const continued = trimmed.endsWith('\\');
    const part = continued ? trimmed.slice(0, -1).trim() : trimmed;
    pending = pending ? { line: pending.line, text: `${pending.text} ${part}` } : { line: index + 1, text: part };
    if (continued) return;
    const [keyword = '', ...rest] = pending.text.split(/\s+/);
    instructions.push({ line: pending.line, keyword: keyword.toUpperCase(), args: rest.join(' ') });
    pending = undefined;
  });
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      stages.push({ name: as?.toUpperCase() === 'AS' ? name : undefined, from, instructions: [] });
    }
    stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** `["node", "server.js"]` → the words; anything else (shell form) → undefined. */
export function execForm(args: string): string[] | undefined {
  if (!args.trim().startsWith('[')) return undefined;
  try {
    const words: unknown = JSON.parse(args);
    return Array.isArray(words) && words.length > 0 && words.every((word) => typeof word === 'string')
      ? words
      : undefined;
  } catch {
    return undefined;
  }
}

/** A tag that names a release (a digit in it, not `latest`) or a digest: the same bytes next month. */
function isPinned(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  return tag !== undefined && tag !== 'latest' && /\d/.test(tag);
}

/** What the final stage runs: CMD's words in exec form. */
export function finalCommand(stages: Stage[]): string[] | undefined {
  const cmd = stages.at(-1)?.instructions.findLast((instruction) => instruction.keyword === 'CMD');
  return cmd ? execForm(cmd.args) : undefined;
}

/** Every rule broken, as `line N: what is wrong`; none for a Dockerfile that keeps them all. */
export function checkDockerfile(text: string): string[] {
  const stages = parseDockerfile(text);
  const problems: string[] = [];
  const stageNames = new Set(stages.map((stage) => stage.name).filter(Boolean));
  const runtime = stages.at(-1);
  if (!runtime) return ['no FROM: not a Dockerfile'];
  if (stages.length < 2) problems.push('one stage only: build with development dependencies in a stage of its own');

  for (const stage of stages) {
    for (const instruction of stage.instructions) {
      const at = `line ${instruction.line}`;
      if (instruction.keyword === 'FROM' && !stageNames.has(stage.from) && !isPinned(stage.from)) {
        problems.push(`${at}: base image ${stage.from} is not pinned to a release tag or digest`);
      }
      if (instruction.keyword === 'ADD' && /(^|\s)(https?|ftp|git):\/\//i.test(instruction.args)) {
        problems.push(`${at}: ADD of a URL (download in a RUN step that checks what it got, or COPY)`);
      }
      const from = /--from=(\S+)/.exec(instruction.args)?.[1];
      if (instruction.keyword === 'COPY' && from && !stageNames.has(from)) {
        problems.push(`${at}: COPY --from=${from} names no stage of this file`);
      }
    }
  }

  const runtimeInstructions = runtime.instructions;
  const installs = runtimeInstructions.filter(
    (instruction) => instruction.keyword === 'RUN' && /\bnpm (ci|install|i)\b/.test(instruction.args),
  );
  if (installs.length === 0) problems.push('runtime stage: no `npm ci --omit=dev`');
  for (const install of installs) {
    if (!/\bnpm ci\b/.test(install.args))
      problems.push(`line ${install.line}: npm install in the runtime stage (npm ci)`);
    if (!/--omit=dev\b/.test(install.args)) {
      problems.push(`line ${install.line}: the runtime stage installs without --omit=dev`);
    }
  }

  const cmdIndex = runtimeInstructions.findLastIndex((instruction) => instruction.keyword === 'CMD');
  const cmd = runtimeInstructions[cmdIndex];
  if (!cmd) problems.push('runtime stage: no CMD');
  else if (!execForm(cmd.args)) problems.push(`line ${cmd.line}: CMD in shell form (exec form passes SIGTERM on)`);
  const user = runtimeInstructions.slice(0, cmdIndex < 0 ? undefined : cmdIndex).findLast((i) => i.keyword === 'USER');
  if (!user) problems.push('runtime stage: no USER before CMD (it would run as root)');
  else if (/^(root|0)(:|$)/.test(user.args.trim())) problems.push(`line ${user.line}: USER ${user.args} is root`);

  const healthcheck = runtimeInstructions.findLast((instruction) => instruction.keyword === 'HEALTHCHECK');
  if (!healthcheck) problems.push('runtime stage: no HEALTHCHECK');
  else if (/^NONE$/i.test(healthcheck.args.trim())) problems.push(`line ${healthcheck.line}: HEALTHCHECK NONE`);
  else if (!execForm(healthcheck.args.replace(/^(--\S+\s+)*CMD\s+/, ''))) {
    problems.push(`line ${healthcheck.line}: HEALTHCHECK CMD in shell form`);
  }
  return problems;
}

/** The HEALTHCHECK's command words of the final stage. */
export function healthcheckCommand(stages: Stage[]): string[] | undefined {
  const healthcheck = stages.at(-1)?.instructions.findLast((instruction) => instruction.keyword === 'HEALTHCHECK');
  return healthcheck ? execForm(healthcheck.args.replace(/^(--\S+\s+)*CMD\s+/, '')) : undefined;
}

/** The final stage's WORKDIR (where CMD runs). */
export function finalWorkdir(stages: Stage[]): string | undefined {
  return stages.at(-1)?.instructions.findLast((instruction) => instruction.keyword === 'WORKDIR')?.args;
}
