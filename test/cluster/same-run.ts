/**
 * Does a merged results folder hold what a single run writes? The differences between two
 * results folders, apart from what says how and where a run was made.
 *
 * Why it is built this way: the merged folder is compared file by file with a single run of
 * the same experiment made at the same time, so a file the merge forgets, adds or writes
 * differently fails the test. What is left out is what test/run/shard-merge.test.ts leaves
 * out (run.json; in the report and analysis.json the folder's path, times and dates, the run
 * line and the Reproduce section; matches.csv's row order, by match id after a merge; the
 * SVG gradient ids vega counts per process), and, as this compares more files than that
 * test, provenance.json's record of the shards merged and of the git commit the lab was at
 * (it moves when a commit lands between the two runs) and the folder's path in the replay
 * pages. Everything else, the content copy and the charts included, must match exactly.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function files(dir: string, under = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, under)).sort()) {
    const rel = under ? `${under}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...files(dir, rel));
    else out.push(rel);
  }
  return out;
}

const TEXT = /\.(json|csv|html|svg|ya?ml|txt|md)$/;

/** The file as text, with what says how and where the run was made replaced (see the header). */
function normalised(dir: string, file: string): string {
  let text = readFileSync(join(dir, file), 'utf8');
  // The relative path first: it may end the absolute one.
  const rel = relative(process.cwd(), dir);
  for (const p of [rel, dir]) if (p) text = text.split(p).join('<RUN>');
  if (file === 'provenance.json') {
    const p = JSON.parse(text) as { merged?: unknown; lab?: { commit?: string; dirty?: boolean } };
    delete p.merged;
    delete p.lab?.commit;
    delete p.lab?.dirty;
    text = JSON.stringify(p, null, 2);
  }
  if (file === 'report.html' || file === 'analysis.json') {
    text = text
      .replace(/<section id="reproduce">[\s\S]*?<\/section>/, '<REPRODUCE>')
      .replace(/<tr><th scope="row">run<\/th>.*<\/tr>/, '<RUN LINE>')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<TIME>')
      .replace(/\d{4}-\d\d-\d\d/g, '<DATE>');
  }
  if (file === 'matches.csv') {
    const [head, ...rows] = text.trimEnd().split('\n');
    text = [head, ...rows.sort((x, y) => Number(x.split(',')[0]) - Number(y.split(',')[0]))].join('\n');
  }
  return text.replace(/gradient_\d+/g, 'gradient_N');
}

/** Every difference between folder `a` and folder `b` (empty when they hold the same run), one line each. */
export function runDifferences(a: string, b: string): string[] {
  const fa = files(a).filter((f) => f !== 'run.json');
  const fb = files(b).filter((f) => f !== 'run.json');
  const diffs: string[] = [];
  for (const f of fa) if (!fb.includes(f)) diffs.push(`${f}: only in ${a}`);
  for (const f of fb) if (!fa.includes(f)) diffs.push(`${f}: only in ${b}`);
  for (const f of fa.filter((x) => fb.includes(x))) {
    if (TEXT.test(f)) {
      const x = normalised(a, f);
      const y = normalised(b, f);
      if (x !== y) {
        let i = 0;
        while (i < x.length && x[i] === y[i]) i++;
        diffs.push(`${f}: differs at character ${i}: ${JSON.stringify(x.slice(Math.max(0, i - 40), i + 60))} vs ${JSON.stringify(y.slice(Math.max(0, i - 40), i + 60))}`);
      }
    } else if (!readFileSync(join(a, f)).equals(readFileSync(join(b, f)))) diffs.push(`${f}: the bytes differ`);
  }
  return diffs;
}
