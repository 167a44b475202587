// Points the comments that cite the specs at the project's own docs (issue 29, point 1):
//   metrics.md, ../shared/metrics.md, /work/shared/metrics.md   → docs/metrics.md
//   log-format.md, ../shared/log-format.md, …                    → docs/log-format.md
//   ../shared/conventions.md, /work/shared/conventions.md       → docs/architecture.md
//
//   node scripts/repoint-spec-citations.mjs           rewrite, then list what was left alone
//   node scripts/repoint-spec-citations.mjs --check   rewrite nothing; exit 1 when a citation is left to repoint
//
// Idempotent: a citation already reading docs/… is not matched again, so run it after every merge.
// Only comments change: whole-line comments of code files (//, /*, *; in Python # and lines that
// open a docstring) and every line of Markdown
// and CSS files. A citation in code (a test's title, an SQL comment inside a query string, whose
// text is the table's definition) is listed, not rewritten. Then every section a citation names in
// quotes ("Search drift") is looked up in the docs; one that is not there is listed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['app', 'bench', 'e2e', 'scripts', 'sample-logs', 'eslint.config.js', 'README.md'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|py|md|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-cli', '.bench', '.cache', 'test-results']);
const SELF = path.normalize('scripts/repoint-spec-citations.mjs');

// Not after a letter, digit, dot, slash or dash: docs/metrics.md and sql/metrics/README.md never match.
const SPEC = /(?<![\w./-])(?:(?:\.\.\/)+shared\/|\/work\/shared\/|shared\/)?(metrics|log-format)\.md/g;
const CONVENTIONS = /(?<![\w./-])(?:(?:\.\.\/)+|\/work\/)?shared\/conventions\.md/g;
const repoint = (text) => text.replace(SPEC, 'docs/$1.md').replace(CONVENTIONS, 'docs/architecture.md');
const cites = (text) => new RegExp(SPEC.source).test(text) || new RegExp(CONVENTIONS.source).test(text);

function* files(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return;
  if (stats.isFile()) {
    if (EXTENSIONS.test(entry) && path.normalize(entry) !== SELF) yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (!SKIP_DIRS.has(name)) yield* files(path.join(entry, name));
  }
}

const isProse = (file) => /\.(md|css)$/.test(file);
const isCommentLine = (file, line) => (file.endsWith('.py') ? /^\s*(#|""")/ : /^\s*(\/\/|\/\*|\*)/).test(line);

const check = process.argv.includes('--check');
const changed = [];
const leftAlone = [];
for (const file of ROOTS.flatMap((root) => [...files(root)])) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let edits = 0;
  lines.forEach((line, index) => {
    if (!cites(line)) return;
    if (isProse(file) || isCommentLine(file, line)) {
      lines[index] = repoint(line);
      edits += 1;
    } else {
      leftAlone.push(`${file}:${index + 1}: ${line.trim()}`);
    }
  });
  if (edits === 0) continue;
  changed.push(`${file} (${edits})`);
  if (!check) writeFileSync(file, lines.join('\n'));
}

// Every quoted section name after a citation must be in the doc it cites.
const DOCS = { 'docs/metrics.md': readFileSync('docs/metrics.md', 'utf8'), 'docs/log-format.md': readFileSync('docs/log-format.md', 'utf8') };
const missingSections = new Set();
if (!check) {
  for (const file of ROOTS.flatMap((root) => [...files(root)])) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(docs\/(?:metrics|log-format)\.md)[,:]? "([^"\n]{3,})/g)) {
      const [, doc, cited] = match;
      // A section name may run on to the next line: the part on this line must be in the doc.
      const name = cited.replace(/[.,;:)]+$/, '').trim();
      if (!DOCS[doc].includes(name)) missingSections.add(`${doc} "${name}" (${file})`);
    }
  }
}

console.log(`${check ? 'would repoint' : 'repointed'} citations in ${changed.length} files${changed.length ? `:\n  ${changed.join('\n  ')}` : ''}`);
if (leftAlone.length) console.log(`left alone (not a comment: a string or query text; change by hand if meant):\n  ${leftAlone.join('\n  ')}`);
if (missingSections.size) console.log(`sections cited but not found in the docs:\n  ${[...missingSections].join('\n  ')}`);
if (check && changed.length) process.exit(1);
