import type { Rate, Tier1Scores } from './report';
import type { TrendRow } from './rows';
import { rate, tier1Scores, tier2Rates } from './shape-report';

/** One point of a trend chart, with the number of retrievals (and judged ones) behind it. */
export type TrendPoint = {
  bucket: string;
  retrievals: number;
  judged: number;
  empty_result_rate: Rate;
  gpr: Rate;
  acr: Rate;
  orf: Rate;
  uor: Rate;
  masked: number;
} & Tier1Scores;

export function shapeTrend(rows: TrendRow[]): TrendPoint[] {
  return rows.map((row) => {
    const { gpr, acr, orf, uor } = tier2Rates(row);
    return {
      bucket: row.bucket,
      retrievals: row.retrievals,
      judged: row.judged,
      empty_result_rate: rate(row.empty, row.retrievals),
      ...tier1Scores(row),
      gpr,
      acr,
      orf,
      uor,
      masked: row.masked,
    };
  });
}
