// Ranked result lists of planned quality. "good" lists rank theme assets first; "bad" lists put
// irrelevant assets on top; "weak" lists lead with a barely relevant asset (P@1 = 1, low nDCG).
import { round } from './random.mjs';

const SIZE_RANGE = { template: [8, 20], image: [8, 20], font: [5, 9] };

function descendingScores(rng, count, top, floor) {
  const scores = [];
  let score = top;
  for (let i = 0; i < count; i++) {
    scores.push(round(score, 4));
    score = Math.max(floor, score - rng.float(0.004, 0.035));
  }
  return scores;
}

function goodList(world, rng, themeKey, kind, size) {
  const theme = world.themeByKey.get(themeKey);
  const own = theme.assets[kind].map((id) => ({ id, key: world.gradeFor(themeKey, kind, id) * 0.1 + rng.float(0, 0.16) }));
  const adjacent = theme.adjacent ? world.themeByKey.get(theme.adjacent).assets[kind].slice(0, 4) : [];
  const noise = rng.sample(world.distractors(themeKey, kind), 14).concat(adjacent)
    .map((id) => ({ id, key: world.gradeFor(themeKey, kind, id) * 0.1 + rng.float(0, 0.14) }));
  const ranked = own.concat(noise).sort((a, b) => b.key - a.key).map((c) => c.id);
  const bestIndex = ranked.findIndex((id) => world.gradeFor(themeKey, kind, id) >= 2);
  if (bestIndex > 0) ranked.unshift(ranked.splice(bestIndex, 1)[0]);
  return ranked.slice(0, size);
}

function badList(world, rng, themeKey, kind, size) {
  const list = rng.sample(world.distractors(themeKey, kind), size);
  const theme = world.themeByKey.get(themeKey);
  // One weakly relevant asset buried deep, as real bad lists often have.
  if (size >= 7 && rng.chance(0.5)) list[rng.int(5, size - 1)] = theme.assets[kind][theme.assets[kind].length - 1];
  return list;
}

function weakList(world, rng, themeKey, kind, size) {
  const theme = world.themeByKey.get(themeKey);
  const weakest = theme.assets[kind][theme.assets[kind].length - 1]; // grade 1
  return [weakest, ...rng.sample(world.distractors(themeKey, kind), size - 1)];
}

/** Returns the retrieval fields for a result list of the planned quality. */
export function rankedResults(world, rng, { themeKey, kind, quality }) {
  if (quality === 'empty') {
    return { returned_asset_ids: [], scores: [], dense_score: round(rng.float(0.18, 0.35), 4), sparse_score: round(rng.float(0, 1.5), 3) };
  }
  const [lo, hi] = SIZE_RANGE[kind];
  const size = rng.int(lo, hi);
  const build = { good: goodList, bad: badList, weak: weakList }[quality];
  const ids = build(world, rng, themeKey, kind, size);
  const top = quality === 'good' ? rng.float(0.78, 0.94) : rng.float(0.46, 0.66);
  const scores = descendingScores(rng, ids.length, top, 0.05);
  return {
    returned_asset_ids: ids,
    scores,
    dense_score: round(Math.min(0.99, scores[0] + rng.float(-0.03, 0.05)), 4),
    sparse_score: round(quality === 'good' ? rng.float(6, 14) : rng.float(1.5, 6), 3),
  };
}
