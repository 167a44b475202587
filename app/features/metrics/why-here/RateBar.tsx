/** A slice's rate as a bar with its Wilson interval, against a line at the base rate; all on [0, 1]. */
export function RateBar({ rate, low, high, base }: { rate: number; low: number; high: number; base: number }) {
  const at = (value: number) => `${(value * 100).toFixed(2)}%`;
  return (
    <div className="rate-bar" role="img" aria-label={`rate ${at(rate)} against ${at(base)} overall`}>
      <div className="rate-bar-fill" style={{ width: at(rate) }} />
      <div className="rate-bar-interval" style={{ left: at(low), width: at(high - low) }} />
      <div className="rate-bar-base" style={{ left: at(base) }} title={`overall ${at(base)}`} />
    </div>
  );
}
