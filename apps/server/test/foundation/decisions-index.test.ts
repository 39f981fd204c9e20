/**
 * docs/decisions/README.md carries an index of every ADR with its title and status, generated from the files here:
 * the test fails when the index differs from what it would write; `npm run docs:generate` rewrites it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../../../docs/decisions');
const TARGET = path.join(DIR, 'README.md');
const START = '<!-- index:start -->';
const END = '<!-- index:end -->';

type Adr = { file: string; number: string; title: string; status: string };

function readAdr(file: string): Adr {
  const lines = readFileSync(path.join(DIR, file), 'utf8').split('\n');
  const heading = (lines.find((line) => line.startsWith('# ')) ?? '').slice(2);
  const title = heading.replace(/^(ADR\s*)?\d{4}\s*[:.\-—]?\s*/i, '').trim();
  // the status paragraph: the `Status:` line and the lines that continue it
  const at = lines.findIndex((line) => /^status:/i.test(line));
  const end = at < 0 ? -1 : lines.indexOf('', at);
  const paragraph = at < 0 ? ['(none)'] : lines.slice(at, end < 0 ? undefined : end);
  const status = paragraph.join(' ').replace(/^status:\s*/i, '');
  return { file, number: file.slice(0, 4), title, status: status.trim() };
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

function index(): string {
  const adrs = readdirSync(DIR)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map(readAdr);
  return [
    '| ADR | title | status |',
    '| --- | --- | --- |',
    ...adrs.map((a) => `| [${a.number}](${a.file}) | ${cell(a.title)} | ${cell(a.status)} |`),
  ].join('\n');
}

describe('docs/decisions/README.md', () => {
  it('indexes every ADR with its title and status', async () => {
    const current = readFileSync(TARGET, 'utf8');
    const from = current.indexOf(START);
    const to = current.indexOf(END);
    expect(from >= 0 && to > from, `${TARGET} needs the ${START} … ${END} markers`).toBe(true);
    const raw = `${current.slice(0, from + START.length)}\n\n${index()}\n\n${current.slice(to)}`;
    const wanted = await format(raw, { ...(await resolveConfig(TARGET)), filepath: TARGET });
    if (process.env.UPDATE_DOCS) writeFileSync(TARGET, wanted);
    expect(readFileSync(TARGET, 'utf8') === wanted, 'the ADR index is out of date: run `npm run docs:generate`').toBe(
      true,
    );
  });
});
