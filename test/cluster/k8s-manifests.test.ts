/**
 * The Kubernetes deployment in deploy/: every manifest is valid against the Kubernetes API
 * schema, the Jobs' command lines are valid input to the lab's own CLI, and the shard Job,
 * the merge Job and the image agree with each other. No cluster and no Docker are needed.
 *
 * Why it is built this way:
 * - kubernetes-models carries the API's published OpenAPI schema twice: compiled to
 *   validators (`.validate()`: types, enums, required fields) and as TypeScript interfaces.
 *   The validators, like the API server by default, let an unknown field through, and the
 *   cluster would then silently drop a misspelt one (`completionMod: Indexed`); so each
 *   manifest is also type-checked as an object literal of its interface, where a field the
 *   API does not have is an error at any depth.
 * - The command lines are parsed by the commander program the CLI itself builds
 *   (buildProgram, with its actions replaced so nothing runs), for every completion index, so
 *   a renamed option, a shard count that disagrees with `completions`, or a merge list that
 *   misses a shard fails here rather than on a cluster.
 * - Each check is also run on a broken copy of the manifests (table below) to show it fails.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';
import type { Command } from 'commander';
import { Job } from 'kubernetes-models/batch/v1';
import { PersistentVolumeClaim, Pod } from 'kubernetes-models/v1';
import { buildProgram } from '../../src/cli/main.js';

const root = join(import.meta.dirname, '..', '..');
const k8s = join(root, 'deploy/k8s');

type Doc = Record<string, any>;
type Manifests = { shards: Doc; merge: Doc; pvc: Doc; pod: Doc };

const MODELS: Record<string, { model: new (d: any) => { validate(): void }; type: string; from: string }> = {
  Job: { model: Job, type: 'IJob', from: 'kubernetes-models/batch/v1' },
  PersistentVolumeClaim: { model: PersistentVolumeClaim, type: 'IPersistentVolumeClaim', from: 'kubernetes-models/v1' },
  Pod: { model: Pod, type: 'IPod', from: 'kubernetes-models/v1' },
};

function load(): Manifests {
  const read = (f: string) => parse(readFileSync(join(k8s, f), 'utf8')) as Doc;
  return { shards: read('job-shards.yaml'), merge: read('job-merge.yaml'), pvc: read('results-pvc.yaml'), pod: read('results-pod.yaml') };
}

/** The schema validator's complaints about one manifest. */
function validatorErrors(doc: Doc): string[] {
  const m = MODELS[doc.kind];
  if (!m) return [`kind ${doc.kind}: not one of ${Object.keys(MODELS).join(', ')}`];
  try {
    new m.model(doc).validate();
    return [];
  } catch (e) {
    return [(e as Error).message];
  }
}

/**
 * TypeScript's complaints about the manifests as literals of their API interfaces (unknown
 * fields included), one list per manifest. One program for all: it takes seconds to build.
 */
function typeErrors(docs: Doc[]): string[][] {
  const file = join(root, 'test/cluster/__manifests__.ts');
  const kinds = [...new Set(docs.map((d) => d.kind as string))].filter((k) => MODELS[k]);
  const lines = kinds.map((k) => `import type { ${MODELS[k].type} } from '${MODELS[k].from}';`);
  const starts: number[] = [];
  for (const [i, d] of docs.entries()) {
    starts.push(lines.length);
    lines.push(`export const m${i}: ${MODELS[d.kind]?.type ?? 'never'} = ${JSON.stringify(d, null, 1)};`);
  }
  const text = lines.join('\n');
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
  const options = { ...config.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (name === file ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file)!;
  const out: string[][] = docs.map(() => []);
  for (const d of ts.getPreEmitDiagnostics(program, source)) {
    const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
    let i = starts.length - 1;
    while (i > 0 && starts[i] > line) i--;
    out[i].push(ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 300));
  }
  return out;
}

/** What the CLI makes of argv (without running it): the command, its arguments and options, or the error. */
async function parseCli(argv: string[]): Promise<{ command: string; args: unknown[]; opts: Record<string, any> } | { error: string }> {
  const program = buildProgram();
  let seen: { command: string; args: unknown[]; opts: Record<string, any> } | null = null;
  const quiet = (c: Command) => {
    c.configureOutput({ writeOut: () => {}, writeErr: () => {} });
    c.action((...a: unknown[]) => {
      const cmd = a[a.length - 1] as Command;
      seen = { command: cmd.name(), args: cmd.processedArgs, opts: cmd.opts() };
    });
  };
  program.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  program.commands.forEach(quiet);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    return { error: (e as Error).message };
  }
  return seen ?? { error: 'no command ran' };
}

/** The image's working folder, entrypoint and whether it carries the cluster scripts. */
function image(): { workdir: string; entrypoint: string[]; copiesScripts: boolean } {
  const text = readFileSync(join(root, 'deploy/Dockerfile'), 'utf8');
  const entry = /^ENTRYPOINT\s+(\[.*\])\s*$/m.exec(text);
  return {
    workdir: /^WORKDIR\s+(\S+)/m.exec(text)?.[1] ?? '',
    entrypoint: entry ? (JSON.parse(entry[1]) as string[]) : [],
    copiesScripts: /^COPY\s+scripts\/cluster\s/m.test(text),
  };
}

const env = (c: Doc, name: string) => (c.env ?? []).find((e: Doc) => e.name === name);

/**
 * Everything wrong with how the manifests fit the CLI, the image and each other: each shard
 * pod's argv (index substituted) parses as `run --shard I/N` with N = completions and its own
 * --out; the merge's argv parses as `merge OUT` followed by exactly those folders; all mount
 * the one claim.
 */
async function wiringErrors(m: Manifests): Promise<string[]> {
  const errs: string[] = [];
  const img = image();
  const spec = m.shards.spec ?? {};
  const shard = spec.template?.spec?.containers?.[0] ?? {};
  const merge = m.merge.spec?.template?.spec?.containers?.[0] ?? {};
  const n = spec.completions as number;
  if (spec.completionMode !== 'Indexed') errs.push(`shard Job: completionMode ${spec.completionMode}, expected Indexed`);
  if (!(spec.parallelism >= 1 && spec.parallelism <= n)) errs.push(`shard Job: parallelism ${spec.parallelism} outside 1..completions (${n})`);
  if (JSON.stringify(shard.command) !== JSON.stringify(['scripts/cluster/shard.sh'])) errs.push(`shard Job: command ${JSON.stringify(shard.command)}, expected scripts/cluster/shard.sh (resumes a retried shard)`);
  if (!img.copiesScripts) errs.push('the image does not copy scripts/cluster (the shard pods run scripts/cluster/shard.sh)');
  if (!existsSync(join(root, 'scripts/cluster/shard.sh'))) errs.push('scripts/cluster/shard.sh is missing');
  if (env(shard, 'JOB_COMPLETION_INDEX')?.valueFrom?.fieldRef?.fieldPath !== "metadata.annotations['batch.kubernetes.io/job-completion-index']")
    errs.push('shard Job: JOB_COMPLETION_INDEX is not taken from the completion-index annotation');
  if (merge.command !== undefined) errs.push('merge Job: sets command; it should run the image entrypoint');
  if (JSON.stringify(img.entrypoint) !== JSON.stringify(['node', 'bin/stareater.js'])) errs.push(`image entrypoint ${JSON.stringify(img.entrypoint)}, expected ["node","bin/stareater.js"]`);
  if (img.workdir !== '/lab') errs.push(`image WORKDIR ${img.workdir}, expected /lab`);

  const outs: string[] = [];
  for (let i = 0; i < (Number.isInteger(n) && n > 0 && n <= 10_000 ? n : 0); i++) {
    const argv = (shard.args as string[]).map((a) => a.split('$(JOB_COMPLETION_INDEX)').join(String(i)));
    const r = await parseCli(argv);
    if ('error' in r) {
      errs.push(`shard ${i}: ${JSON.stringify(argv)} does not parse: ${r.error}`);
      continue;
    }
    if (r.command !== 'run') errs.push(`shard ${i}: runs ${r.command}, not run`);
    if (r.opts.shard?.index !== i || r.opts.shard?.count !== n) errs.push(`shard ${i}: --shard is ${JSON.stringify(r.opts.shard)}, expected ${i}/${n} (completions ${n})`);
    if (typeof r.opts.out !== 'string') errs.push(`shard ${i}: no --out`);
    else outs.push(r.opts.out);
    const experiment = r.args[0] as string;
    if (!existsSync(join(root, 'configs/experiments', `${experiment}.yaml`))) errs.push(`shard ${i}: experiment ${experiment} is not in configs/experiments`);
  }
  if (new Set(outs).size !== outs.length) errs.push(`shard Job: the shards' --out folders are not distinct: ${outs.join(', ')}`);

  const r = await parseCli(merge.args ?? []);
  if ('error' in r) errs.push(`merge: ${JSON.stringify(merge.args)} does not parse: ${r.error}`);
  else {
    if (r.command !== 'merge') errs.push(`merge Job: runs ${r.command}, not merge`);
    const [out, dirs] = r.args as [string, string[]];
    if (JSON.stringify(dirs) !== JSON.stringify(outs)) errs.push(`merge Job: merges ${JSON.stringify(dirs)}, but the shards write ${JSON.stringify(outs)}`);
    if (outs.includes(out)) errs.push(`merge Job: writes into a shard's folder ${out}`);
  }

  const claim = m.pvc.metadata?.name;
  if (!(m.pvc.spec?.accessModes ?? []).includes('ReadWriteMany')) errs.push('the results claim is not ReadWriteMany (the shard pods write at once, on any node)');
  for (const [name, doc] of [['shard Job', m.shards.spec?.template], ['merge Job', m.merge.spec?.template], ['results pod', m.pod]] as const) {
    const podSpec = doc?.spec ?? {};
    const vol = (podSpec.volumes ?? []).find((v: Doc) => v.persistentVolumeClaim?.claimName === claim);
    const mounted = vol && podSpec.containers?.[0]?.volumeMounts?.some((v: Doc) => v.name === vol.name && v.mountPath === '/results');
    if (!mounted) errs.push(`${name}: does not mount the claim ${claim} at /results`);
  }
  return errs;
}

const hasShard = (buildProgram().commands.find((c) => c.name() === 'run')?.options ?? []).some((o) => o.long === '--shard');
if (!hasShard) console.log('test/cluster/k8s-manifests.test.ts: the command-line checks are skipped: `stareater run` has no --shard option yet');

describe('deploy/k8s manifests', () => {
  const m = load();
  let types: string[][] = [];
  const docs = [m.shards, m.merge, m.pvc, m.pod];
  beforeAll(() => {
    types = typeErrors(docs);
  });

  it.each([
    ['job-shards.yaml', 0],
    ['job-merge.yaml', 1],
    ['results-pvc.yaml', 2],
    ['results-pod.yaml', 3],
  ])('%s is valid against the Kubernetes API schema, with no field the API lacks', (_file, i) => {
    expect(validatorErrors(docs[i])).toEqual([]);
    expect(types[i]).toEqual([]);
  });

  it('the shard Job is an Indexed Job of N completions on the shared claim', () => {
    expect(m.shards.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4 });
    expect(m.shards.spec.template.spec.restartPolicy).toBe('Never');
  });

  it.skipIf(!hasShard)('the Jobs, the image and the CLI agree: each pod plays its own shard, the merge takes exactly those', async () => {
    expect(await wiringErrors(m)).toEqual([]);
  });

  // Each check on a broken copy: [what is broken, how to break it, the check that must catch it].
  const clone = (): Manifests => structuredClone(m);
  const shardC = (x: Manifests) => x.shards.spec.template.spec.containers[0];
  it.each<[string, (x: Manifests) => void, 'validator' | 'types' | 'wiring', RegExp]>([
    ['a misspelt field', (x) => ((x.shards.spec.completionMod = 'Indexed'), delete x.shards.spec.completionMode), 'types', /completionMod/],
    ['a misspelt field deep in the pod', (x) => (shardC(x).volumeMount = shardC(x).volumeMounts), 'types', /volumeMount/],
    ['completions not a number', (x) => (x.shards.spec.completions = 'four'), 'validator', /completions must be integer/],
    ['an unknown completion mode', (x) => (x.shards.spec.completionMode = 'Indexd'), 'validator', /completionMode must be equal to one of the allowed values/],
    ['a pod without containers', (x) => delete x.merge.spec.template.spec.containers, 'validator', /must have required property containers/],
    ['completions that disagree with --shard', (x) => (x.shards.spec.completions = 5), 'wiring', /expected 0\/5 \(completions 5\)/],
    ['a merge that misses a shard', (x) => x.merge.spec.template.spec.containers[0].args.splice(5, 1), 'wiring', /merge Job: merges .* but the shards write/],
    ['a renamed CLI option', (x) => (shardC(x).args[shardC(x).args.indexOf('--workers')] = '--threads'), 'wiring', /unknown option '--threads'/],
    ['a worker count the CLI refuses', (x) => (shardC(x).args[shardC(x).args.indexOf('--workers') + 1] = '-1'), 'wiring', /--workers/],
    ['an experiment the lab does not have', (x) => (shardC(x).args[1] = 'no-such-experiment'), 'wiring', /experiment no-such-experiment is not in configs\/experiments/],
    ['the same folder for every shard', (x) => (shardC(x).args[shardC(x).args.indexOf('--out') + 1] = '/results/x'), 'wiring', /not distinct/],
    ['a claim that is ReadWriteOnce', (x) => (x.pvc.spec.accessModes = ['ReadWriteOnce']), 'wiring', /not ReadWriteMany/],
    ['the merge without the claim', (x) => (x.merge.spec.template.spec.volumes = []), 'wiring', /merge Job: does not mount the claim/],
  ])('catches %s', async (_what, breakIt, check, message) => {
    if (check === 'wiring' && !hasShard) return;
    const x = clone();
    breakIt(x);
    const all = [x.shards, x.merge, x.pvc, x.pod];
    const errs = check === 'validator' ? all.flatMap(validatorErrors) : check === 'types' ? typeErrors(all).flat() : await wiringErrors(x);
    expect(errs.join('\n')).toMatch(message);
  });
});
