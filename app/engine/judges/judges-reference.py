#!/usr/bin/env python3
"""Independent computation of docs/metrics.md "Judges and humans" for judges-report.test.ts.

  python3 judges-reference.py generate > judges.fixture.jsonl   (the committed fixture)
  python3 judges-reference.py compute judges.fixture.jsonl      (the values the test holds)

The fixture: 80 retrievals of 5 assets, every returned asset graded by an LLM judge that is
biased (a grade up by one a third of the time) and noisy (a random grade one time in seven);
human labels on a random sample of 25 retrievals (a second human on some, disagreeing at
times; one adjudication). Standard library only.
"""
import json
import math
import random
import statistics
import sys

K = 5
JUDGE = 'gpt-judge'
ROLES = ['find', 'reference', 'browse']


def generate():
    rng = random.Random(26)
    events = []
    labels = []
    human_sample = set(rng.sample(range(80), 25))
    for i in range(80):
        rid = f'r{i:03d}'
        assets = [f'a{i:03d}-{j}' for j in range(6)]
        events.append({'type': 'retrieval', 'ts': 1790000000000 + i * 60000, 'session_id': f's{i // 4}',
                       'retrieval_id': rid, 'query': f'query {i}', 'role': ROLES[i % 3], 'returned_asset_ids': assets[:5]})
        truth = [rng.choice([0, 0, 0, 1, 1, 2, 3]) for _ in assets]
        for j, asset in enumerate(assets[:5]):
            draw = rng.random()
            grade = min(3, truth[j] + 1) if draw < 0.33 else rng.randint(0, 3) if draw < 0.33 + 1 / 7 else truth[j]
            labels.append({'type': 'label', 'kind': 'relevance', 'retrieval_id': rid, 'asset_id': asset, 'grade': grade,
                           'annotator': JUDGE, 'annotator_kind': 'llm'})
        if i in human_sample:
            for j, asset in enumerate(assets):
                labels.append({'type': 'label', 'kind': 'relevance', 'retrieval_id': rid, 'asset_id': asset, 'grade': truth[j],
                               'annotator': 'hana'})
            if i % 3 == 0:
                for j, asset in enumerate(assets[:3]):
                    grade = truth[j] if rng.random() < 0.6 else rng.randint(0, 3)
                    labels.append({'type': 'label', 'kind': 'relevance', 'retrieval_id': rid, 'asset_id': asset, 'grade': grade,
                                   'annotator': 'ivo', 'annotator_kind': 'human'})
    adjudicated = next(label for label in labels if label['annotator'] == 'ivo')
    labels.append({**adjudicated, 'annotator': 'lead', 'adjudicated': True, 'grade': 3})
    for event in events + labels:
        print(json.dumps(event))


def consensus(votes):
    """docs/metrics.md "Resolution" over (annotator, grade, adjudicated) in label order."""
    adjudicated = [grade for _, grade, adj in votes if adj]
    if adjudicated:
        return adjudicated[-1]
    latest = {}
    for order, (annotator, grade, _) in enumerate(votes):
        latest[annotator] = (grade, order)
    tally = {}
    for grade, order in latest.values():
        count, last = tally.get(grade, (0, -1))
        tally[grade] = (count + 1, max(last, order))
    return max(tally, key=lambda grade: tally[grade])


def cohen(pairs):
    n = len(pairs)
    p_o = sum(1 for a, b in pairs if a == b) / n
    values = {a for a, _ in pairs} | {b for _, b in pairs}
    p_e = sum((sum(1 for a, _ in pairs if a == v) / n) * (sum(1 for _, b in pairs if b == v) / n) for v in values)
    return None if p_e == 1 else (p_o - p_e) / (1 - p_e)


def tier1(returned, grades):
    """P@1, P@K, nDCG@K, RR of one judged retrieval (docs/metrics.md, Tier 1), grades: asset → grade."""
    rel = [grades.get(asset, 0) for asset in returned]
    p1 = 1.0 if rel and rel[0] >= 1 else 0.0
    pk = sum(1 for g in rel[:K] if g >= 1) / K
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(rel[:K]) if g >= 1)
    ideal = sorted((g for g in grades.values() if g >= 1), reverse=True)[:K]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    first = next((i + 1 for i, g in enumerate(rel) if g >= 1), None)
    return {'p_at_1': p1, 'p_at_k': pk, 'ndcg_at_k': dcg / idcg if idcg > 0 else 0.0, 'mrr': 1 / first if first else 0.0}


def compute(path):
    events = [json.loads(line) for line in open(path)]
    returned = {e['retrieval_id']: e['returned_asset_ids'] for e in events if e['type'] == 'retrieval'}
    roles = {e['retrieval_id']: e['role'] for e in events if e['type'] == 'retrieval'}
    labels = [e for e in events if e['type'] == 'label']
    human_votes, judge_vote = {}, {}
    for label in labels:
        item = (label['retrieval_id'], label['asset_id'])
        if label.get('annotator_kind', 'human') == 'human':
            human_votes.setdefault(item, []).append((label['annotator'], label['grade'], label.get('adjudicated', False)))
        elif label['annotator'] == JUDGE:
            judge_vote[item] = label['grade']
    human = {item: consensus(votes) for item, votes in human_votes.items()}
    shared = sorted(item for item in judge_vote if item in human)
    pairs = [(str(judge_vote[item]), str(human[item])) for item in shared]
    out = {'items': len(pairs), 'kappa': cohen(pairs),
           'kappa_binary': cohen([(str(int(a) >= 1), str(int(b) >= 1)) for a, b in pairs]),
           'by_role': {role: {'items': len(sub), 'kappa': cohen(sub)}
                       for role in ROLES for sub in [[(str(judge_vote[i]), str(human[i])) for i in shared if roles[i[0]] == role]]}}

    def per_retrieval(grades_by_item):
        by_retrieval = {}
        for (rid, asset), grade in grades_by_item.items():
            by_retrieval.setdefault(rid, {})[asset] = grade
        return {rid: tier1(returned[rid], grades) for rid, grades in by_retrieval.items()}

    m_j, m_h = per_retrieval(judge_vote), per_retrieval(human)
    J = sorted(m_j)
    H = [r for r in J if r in m_h]
    corrected = {}
    for figure in ['p_at_1', 'p_at_k', 'ndcg_at_k', 'mrr']:
        judge_values = [m_j[r][figure] for r in J]
        diffs = [m_h[r][figure] - m_j[r][figure] for r in H]
        humans = [m_h[r][figure] for r in H]
        theta = statistics.mean(judge_values) + statistics.mean(diffs)
        se = math.sqrt(statistics.variance(judge_values) / len(J) + statistics.variance(diffs) / len(H))
        human_se = statistics.stdev(humans) / math.sqrt(len(H))
        corrected[figure] = {'estimate': theta, 'ci_low': theta - 1.959964 * se, 'ci_high': theta + 1.959964 * se,
                             'human_only': statistics.mean(humans), 'human_ci_low': statistics.mean(humans) - 1.959964 * human_se,
                             'human_ci_high': statistics.mean(humans) + 1.959964 * human_se,
                             'judge_only': statistics.mean(judge_values), 'j': len(J), 'h': len(H)}
    out['corrected'] = corrected
    # Tier 1 from labels=human over every human-judged retrieval (here all of them are in J).
    out['tier1_human'] = {figure: statistics.mean(v[figure] for v in m_h.values()) for figure in ['p_at_1', 'p_at_k', 'ndcg_at_k', 'mrr']}
    out['tier1_human_judged'] = len(m_h)
    print(json.dumps(out, indent=2))


if __name__ == '__main__':
    generate() if sys.argv[1] == 'generate' else compute(sys.argv[2])
