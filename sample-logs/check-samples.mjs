#!/usr/bin/env node
// Self-check of the generated samples: every event meets the format, ids are unique across files,
// every reference resolves, and each promised scenario is present. Exits non-zero on any failure.
//   node sample-logs/check-samples.mjs
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { creativeFindings } from './check/creative-findings.mjs';
import { driftFindings } from './check/drift-findings.mjs';
import { checkMalformed } from './check/malformed-check.mjs';
import { readCsvEvents, readGzipJsonLines, readJsonEvents, readJsonLines } from './check/read.mjs';
import { sampleProblems } from './check/schema.mjs';
import { supportFindings } from './check/support-findings.mjs';
import { trialFindings } from './check/trial-findings.mjs';

const GOOD_FILES = {
  'creative-assistant.jsonl': readJsonLines, 'creative-labels.csv': readCsvEvents, 'asset-catalog.jsonl.gz': readGzipJsonLines,
  'multihop-qa.json': readJsonEvents, 'customer-service.jsonl': readJsonLines, 'retrieval-trial.jsonl': readJsonLines,
};
const ALL_FILES = Object.keys(GOOD_FILES).concat('malformed.jsonl', 'malformed.expected.json');
const SIZE_RANGE = [1.5e6, 4e6];

function checkEvents(files, fail) {
  const all = Object.values(files).flat();
  const ids = { event: new Set(), retrieval: new Set(), turn: new Set(), question: new Set(), asset: new Set(), query: new Set() };
  for (const [name, events] of Object.entries(files)) {
    events.forEach((e, i) => {
      for (const problem of sampleProblems(e)) fail(`${name} #${i + 1} (${e.type}): ${problem}`);
      if (e.event_id !== undefined) {
        if (ids.event.has(e.event_id)) fail(`duplicate event_id ${e.event_id}`);
        ids.event.add(e.event_id);
      }
      if (e.type === 'retrieval') {
        if (ids.retrieval.has(e.retrieval_id)) fail(`duplicate retrieval_id ${e.retrieval_id}`);
        ids.retrieval.add(e.retrieval_id);
        ids.query.add(e.query);
      }
      if (e.type === 'prompt') ids.turn.add(e.turn_id);
      if (e.type === 'question') ids.question.add(e.question_id);
      if (e.type === 'asset') ids.asset.add(e.asset_id);
    });
  }
  const refs = [
    ['source_retrieval_id', ids.retrieval], ['retrieval_id', ids.retrieval, (e) => e.type !== 'retrieval'], ['target_event_id', ids.event],
    ['question_id', ids.question, (e) => e.type !== 'question'], ['query', ids.query, (e) => e.type === 'label'],
    ['rewrite_of', ids.retrieval, (e) => e.type === 'retrieval'], ['rewrite_of', ids.turn, (e) => e.type === 'prompt'], ['turn_id', ids.turn, (e) => e.type === 'label'],
  ];
  const assetLists = ['returned_asset_ids', 'cited_asset_ids', 'evidence_ids', 'gold_evidence_ids', 'gold_asset_ids'];
  for (const e of all) {
    for (const [field, known, applies = () => true] of refs) if (e[field] !== undefined && applies(e) && !known.has(e[field])) fail(`${e.type} ${e.event_id ?? ''}: ${field} ${e[field]} resolves to nothing`);
    for (const field of assetLists) for (const id of e[field] ?? []) if (!ids.asset.has(id)) fail(`${e.type} ${e.event_id}: ${field} names ${id}, not in the catalog`);
    for (const id of [e.consumed_asset_id, e.type === 'label' ? e.asset_id : undefined]) if (id !== undefined && !ids.asset.has(id)) fail(`${e.type}: asset ${id} not in the catalog`);
  }
  return all.length;
}

function expect(fail, condition, message) {
  if (!condition) fail(message);
}

export function runChecks(dir) {
  const failures = [];
  const fail = (message) => failures.push(message);
  const files = Object.fromEntries(Object.entries(GOOD_FILES).map(([name, read]) => [name, read(join(dir, name))]));
  const events = checkEvents(files, fail);

  const creative = creativeFindings(files['creative-assistant.jsonl'], files['creative-labels.csv']);
  for (const role of ['find', 'browse', 'operate', 'reference', 'step', 'contextual', '(none)']) expect(fail, creative.roles.has(role), `no retrieval with role ${role}`);
  expect(fail, creative.chatRetrievalInvokedRate >= 0.2 && creative.chatRetrievalInvokedRate <= 0.4, `chat retrieval_invoked_rate ${creative.chatRetrievalInvokedRate} outside 20–40%`);
  expect(fail, creative.judgedShare > 0.35 && creative.judgedShare < 0.5, `judged share ${creative.judgedShare}`);
  expect(fail, creative.crossSessionInheritedExports >= 15, `only ${creative.crossSessionInheritedExports} cross-session inherited exports`);
  expect(fail, creative.masked.consumed >= 3 && creative.masked.silent >= 3, `masked failures ${JSON.stringify(creative.masked)}`);
  for (const key of ['misroutes', 'missedRetrievals', 'multiIntent', 'searchRewrites', 'downstreamCorrections', 'retrievalRewrites', 'bypasses', 'emptyResults', 'adjudicated', 'unknownFieldEvents', 'epochTs', 'richSessions']) {
    expect(fail, creative[key] >= 2, `creative: ${key} = ${creative[key]}`);
  }

  const multihop = files['multihop-qa.json'];
  const retrievals = Object.values(files).flat().filter((e) => e.type === 'retrieval');
  const drift = driftFindings(multihop, retrievals);
  for (const [flag, count] of Object.entries(drift.flags)) expect(fail, count >= 2, `drift flag ${flag} fires ${count} times`);
  for (const [kind, count] of Object.entries(drift.nearMisses)) expect(fail, count >= 1, `no ${kind} near miss`);
  for (const e of multihop.filter((x) => ['subquestion', 'retrieval', 'response', 'prompt'].includes(x.type))) expect(fail, e.run_id, `multihop ${e.event_id} has no run_id`);

  const support = supportFindings(files['customer-service.jsonl']);
  const alarmWeeks = Object.entries(support.weeks).filter(([, w]) => w.rate > 0.15).map(([week]) => week);
  expect(fail, alarmWeeks.length >= 2 && Object.keys(support.weeks).length === 10, `thumbs-down above 15% in ${alarmWeeks}`);
  const insurance = support.handoff['shipping-insurance'];
  expect(fail, insurance.after[0] / insurance.after[1] > 2 * (insurance.before[0] / insurance.before[1]), 'no shipping-insurance handoff jump');
  expect(fail, support.evalCasesWithOneRetrieval === support.evalCases && support.evalCases >= 75, 'eval cases without exactly one eval-run retrieval');
  expect(fail, support.negativeShare > 0.15 && support.negativeShare < 0.25, `negative eval share ${support.negativeShare}`);
  expect(fail, support.evalRecall > support.productionRecall + 0.1, `eval recall ${support.evalRecall} vs production ${support.productionRecall}`);

  const otherQueries = new Set(Object.entries(files).filter(([name]) => name !== 'retrieval-trial.jsonl').flatMap(([, events]) => events.map((e) => e.query)));
  const trial = trialFindings(files['retrieval-trial.jsonl'], ['release-41', 'release-42'], otherQueries);
  expect(fail, trial.queries >= 80 && trial.queries <= 120, `trial: ${trial.queries} queries`);
  expect(fail, trial.inBoth === trial.queries && trial.judgedInBoth === trial.queries && trial.unjudgedRetrievals === 0,
    `trial: ${trial.inBoth} queries in both arms, ${trial.judgedInBoth} judged in both, of ${trial.queries}; ${trial.unjudgedRetrievals} unjudged retrievals`);
  expect(fail, trial.rerunQueries.every((n) => n >= 3), `trial: queries replayed twice per arm ${trial.rerunQueries}`);
  expect(fail, trial.sessionsPerArm.every((n) => n === trial.queries), `trial: sessions per arm ${trial.sessionsPerArm}, one per query expected`);
  expect(fail, trial.surfaces.join() === 'replay' && trial.retrievers.map((r) => r.join()).join('|') === 'bm25+dense-rrf|dense-v4', `trial: surfaces ${trial.surfaces}, retrievers ${JSON.stringify(trial.retrievers)}`);
  expect(fail, trial.sharedWithOtherFiles === 0, `trial: ${trial.sharedWithOtherFiles} query texts also in other files`);
  expect(fail, trial.meanDelta < -0.05 && trial.pValue < 0.01, `trial: nDCG@10 delta ${trial.meanDelta} (p ${trial.pValue}) is no significant loss`);
  expect(fail, trial.gains >= 10 && trial.losses >= 20, `trial: ${trial.gains} gains, ${trial.losses} losses`);

  const malformed = checkMalformed(join(dir, 'malformed.jsonl'), join(dir, 'malformed.expected.json'), fail);
  const bytes = ALL_FILES.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  expect(fail, bytes >= SIZE_RANGE[0] && bytes <= SIZE_RANGE[1], `total size ${bytes} bytes outside 1.5–4 MB`);

  console.log(`check: ${events} events in ${Object.keys(files).length} files, ${bytes} bytes in all`);
  console.log(`  creative: ${JSON.stringify({ ...creative, roles: [...creative.roles] })}`);
  console.log(`  drift: ${JSON.stringify(drift)}`);
  console.log(`  support: alarm weeks ${alarmWeeks.join(', ')}; shipping-insurance handoff ${insurance.before.join('/')} before, ${insurance.after.join('/')} after; eval recall@5 ${support.evalRecall.toFixed(3)} vs production ${support.productionRecall.toFixed(3)} (${support.productionJudged} judged); ${support.answerReviews} answer reviews`);
  console.log(`  trial: ${trial.queries} queries in both arms (${trial.rerunQueries.join('/')} replayed twice); nDCG@10 ${trial.ndcg.map((x) => x.toFixed(3)).join(' → ')}, paired delta ${trial.meanDelta.toFixed(3)} (p ≈ ${trial.pValue.toFixed(4)}), ${trial.gains} gains, ${trial.losses} losses`);
  console.log(`  malformed: ${JSON.stringify(malformed)}`);
  if (failures.length) {
    console.error(`check FAILED (${failures.length}):\n  ${failures.slice(0, 40).join('\n  ')}`);
    return false;
  }
  console.log('check: OK');
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!runChecks(dirname(fileURLToPath(import.meta.url)))) process.exitCode = 1;
}
