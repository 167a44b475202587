/**
 * The dialect seam: every SQL construct the metric SQL uses that DuckDB and ClickHouse spell
 * differently, named once, with both spellings. Metric builders that take a `SqlDialect` write
 * one definition for both engines; what is not here is written the same in both (QUALIFY,
 * `ASOF LEFT JOIN … ON k = k AND a >= b`, SEMI / ANTI JOIN, `USING (…)`, `GROUP BY ALL`,
 * `NULLS FIRST`, `IS DISTINCT FROM`, EXISTS, `||`, window functions, `::INTEGER` / `::DOUBLE` /
 * `::BIGINT` / `::VARCHAR` / `::DECIMAL(p, s)` casts of scalars, log2, greatest, nullif,
 * coalesce), ClickHouse only under `CLICKHOUSE_SESSION_SETTINGS`. One trap of ClickHouse's own:
 * in a view, `x IN ('one')` names a table; write `has(['one'], x)`.
 * app/engine/clickhouse/README.md lists every construct with where it is used.
 */
export interface SqlDialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** ISO week label (`2026-W39`) of an epoch-milliseconds column, in UTC. */
  isoWeek(epochMs: string): string;
  /** Day label (`2026-10-01`) of an epoch-milliseconds column, in UTC. */
  isoDay(epochMs: string): string;
  /** An integer epoch-milliseconds expression as text in UTC, by a format both spell alike (`%Y-%m-%d`, `%G-W%V`). */
  formatEpochMs(integerEpochMs: string, format: '%Y-%m-%d' | '%G-W%V'): string;
  /**
   * Aggregate: the sum of a DOUBLE column that does not depend on the order the rows are added
   * in, as a DOUBLE: each value to 28 decimal places as DuckDB casts a double to DECIMAL(38, 28)
   * (the double product value × 10^28, rounded to an integer, taken exactly), summed exactly,
   * read back as the double nearest the decimal sum. ClickHouse's own cast to Decimal and to
   * Int128 are not exact past 17 digits, so it works the integer out from the double's bits.
   */
  exactSum(value: string): string;
  /** A count of the rows where `condition` holds (DuckDB: FILTER; ClickHouse has it too, countIf is its own form). */
  countWhere(condition: string): string;
  /** `aggregate(args)` over the rows where `condition` holds; ClickHouse: the `-If` combinator. */
  aggregateWhere(aggregate: 'arg_min' | 'arg_max' | 'sum' | 'min' | 'max', args: string[], condition: string): string;
  /** The value at the row with the smallest `order` (NULL values skipped by both). */
  argMin(value: string, order: string): string;
  argMax(value: string, order: string): string;
  /** Bitwise OR of an integer column over the rows. */
  bitOr(value: string): string;
  /** Any one non-NULL value of the rows. */
  anyValue(value: string): string;
  /** True when the condition holds on any row; a real boolean in both. */
  boolOr(condition: string): string;
  /** The sample variance (n − 1) of the non-NULL values; NULL with fewer than two. */
  varSamp(value: string): string;
  /** A comparison's result as a boolean: ClickHouse's comparisons give UInt8 (0/1), DuckDB's BOOLEAN. */
  asBool(expression: string): string;
  /** Length of a list; ClickHouse's arrays are never NULL (an empty array stands for a missing list). */
  listLength(list: string): string;
  listContains(list: string, value: string): string;
  /** Element `index` (1-based) of a list, NULL past its end (ClickHouse's `l[i]` gives the type's default: 0, ''). */
  listElement(list: string, index: string): string;
  /**
   * A list from the right side of an outer join, else `fallback`: ClickHouse's lists are never
   * NULL, so an unmatched row's list is [] and `coalesce(list, fallback)` never falls back; the
   * join's key (`matched`, NULL when unmatched) decides instead.
   */
  joinedListOr(matched: string, list: string, fallback: string): string;
  /** 1-based position of the first `value` in `list`, 0 when absent (DuckDB's own gives NULL then). */
  listPosition(list: string, value: string): string;
  listHasAny(list: string, values: string): string;
  /** `list` filtered by `body` over `param`. Lists are 1-based in both. */
  listFilter(list: string, param: string, body: string): string;
  /** `body` over each element `param` and its 1-based position `index`. */
  listTransformWithIndex(list: string, param: string, index: string, body: string): string;
  /** Sum of a list, NULL elements skipped; DuckDB gives NULL for an empty list, ClickHouse 0: wrap in coalesce(…, 0) for both. */
  listSum(list: string): string;
  /** The least element of an integer list; NULL when it is empty. */
  listMin(list: string): string;
  /** Two lists of the same element type, one after the other. */
  listConcat(first: string, second: string): string;
  /** The INTEGER list from, from + 1, …, below toExclusive (empty when toExclusive ≤ from). */
  integerRange(from: string, toExclusive: string): string;
  /** Elements `from` to `to`, both 1-based and inclusive. */
  listSlice(list: string, from: string, to: string): string;
  listDistinctSorted(list: string): string;
  /** A list sorted ascending. */
  listSort(list: string): string;
  /**
   * Aggregate: the values of `value` over the rows where `condition` holds, as a list ordered by
   * `order` (descending when asked). `value` must not be NULL on those rows: DuckDB keeps NULLs, ClickHouse drops them.
   */
  listAgg(value: string, order: string, condition?: string, descending?: boolean): string;
  /** Aggregate: the distinct values over the rows where `condition` holds, sorted; not NULL on those rows (as listAgg). */
  listAggDistinctSorted(value: string, condition?: string): string;
  /** Aggregate: the distinct values over the rows where `condition` holds, in no order; not NULL on those rows (as listAgg). */
  listAggDistinct(value: string, condition?: string): string;
  /** Text parts joined by `separator`, NULL parts left out (ClickHouse's concat_ws is NULL when any part is). */
  concatSkippingNulls(separator: string, parts: string[]): string;
  /** An empty list of strings, typed. */
  emptyStringList(): string;
  /** An empty list of integers (INTEGER, Int32), typed. */
  emptyIntegerList(): string;
  /** An empty list of doubles, typed. */
  emptyDoubleList(): string;
  /** A list of strings from SQL expressions (placeholders), typed. */
  stringList(items: string[]): string;
  /** The list with each value at its first position only, in list order (repeats dropped). */
  listFirstOccurrences(list: string): string;
  /** The elements of `values` at the positions where `list` holds a value for the first time (parallel lists). */
  listAtFirstOccurrences(values: string, list: string): string;
  /** The distinct elements of a list of lists, in no order. */
  listFlattenDistinct(lists: string): string;
  /** The largest element of a list; NULL when it is empty. */
  listMax(list: string): string;
  /** `list` sorted by `keys` (expressions over `param`) in turn, each ascending (negate a number for descending). */
  listSortByKeys(list: string, param: string, keys: string[]): string;
  /** A select item that makes one row per element of `list`. */
  unnest(list: string): string;
  /** Select items that make one row per element of `list`, named `value`, with its 1-based `position`. */
  unnestWithPosition(list: string, value: string, position: string): string;
  splitString(text: string, separator: string): string;
  /**
   * Whether a text has at least `words` runs of non-space characters (RE2's `\s` in both: space,
   * tab, newline, CR, FF); NULL for NULL. A match, not a count: no list is built per row.
   */
  hasWords(text: string, words: number): string;
  /**
   * A qualified column as a select item named as the column: ClickHouse names `r.x` `r.x`, and a
   * later `t.x` or `x` does not find it, so it is aliased there.
   */
  column(table: string, column: string): string;
  /** `SELECT * except these columns`. */
  starExcept(columns: string[]): string;
  /**
   * A table that lives as long as the connection, replaced when it exists. ClickHouse's is a
   * MergeTree, not Memory: the metric tables hold a row per retrieval, which at a cluster's scale
   * must be able to go to disk (a temporary table may take any engine but Replicated and KeeperMap).
   */
  createTempTableAs(name: string, select: string): string;
}

export const DUCKDB: SqlDialect = {
  name: 'duckdb',
  isoWeek: (epochMs) => `strftime(epoch_ms(${epochMs}::BIGINT), '%G-W%V')`,
  isoDay: (epochMs) => `strftime(epoch_ms(${epochMs}::BIGINT), '%Y-%m-%d')`,
  formatEpochMs: (integerEpochMs, format) => `strftime(epoch_ms(${integerEpochMs}), '${format}')`,
  exactSum: (value) => `CAST(sum(${value}::DECIMAL(38, 28))::VARCHAR AS DOUBLE)`,
  countWhere: (condition) => `count(*) FILTER (WHERE ${condition})`,
  aggregateWhere: (aggregate, args, condition) => `${aggregate}(${args.join(', ')}) FILTER (WHERE ${condition})`,
  argMin: (value, order) => `arg_min(${value}, ${order})`,
  argMax: (value, order) => `arg_max(${value}, ${order})`,
  bitOr: (value) => `bit_or(${value})`,
  anyValue: (value) => `any_value(${value})`,
  boolOr: (condition) => `bool_or(${condition})`,
  varSamp: (value) => `var_samp(${value})`,
  asBool: (expression) => `(${expression})`,
  listLength: (list) => `len(${list})`,
  listContains: (list, value) => `list_contains(${list}, ${value})`,
  listPosition: (list, value) => `coalesce(list_position(${list}, ${value}), 0)`,
  listElement: (list, index) => `${list}[${index}]`,
  joinedListOr: (_matched, list, fallback) => `coalesce(${list}, ${fallback})`,
  listHasAny: (list, values) => `list_has_any(${list}, ${values})`,
  listFilter: (list, param, body) => `list_filter(${list}, lambda ${param}: ${body})`,
  listTransformWithIndex: (list, param, index, body) => `list_transform(${list}, lambda ${param}, ${index}: ${body})`,
  listSum: (list) => `list_sum(${list})`,
  listMin: (list) => `list_min(${list})`,
  listConcat: (first, second) => `list_concat(${first}, ${second})`,
  integerRange: (from, toExclusive) => `range(${from}, ${toExclusive})::INTEGER[]`,
  listSlice: (list, from, to) => `list_slice(${list}, ${from}, ${to})`,
  listDistinctSorted: (list) => `list_sort(list_distinct(${list}))`,
  listSort: (list) => `list_sort(${list})`,
  listAgg: (value, order, condition, descending) => `list(${value} ORDER BY ${order}${descending ? ' DESC' : ''})${duckdbFilter(condition)}`,
  listAggDistinctSorted: (value, condition) => `list(DISTINCT ${value} ORDER BY ${value})${duckdbFilter(condition)}`,
  listAggDistinct: (value, condition) => `list(DISTINCT ${value})${duckdbFilter(condition)}`,
  concatSkippingNulls: (separator, parts) => `concat_ws(${separator}, ${parts.join(', ')})`,
  emptyStringList: () => '[]::VARCHAR[]',
  emptyIntegerList: () => '[]::INTEGER[]',
  emptyDoubleList: () => '[]::DOUBLE[]',
  stringList: (items) => `[${items.join(', ')}]::VARCHAR[]`,
  listFirstOccurrences: (list) => `list_filter(${list}, lambda x, i: list_position(${list}, x) = i)`,
  listAtFirstOccurrences: (values, list) => `list_filter(${values}, lambda x, i: list_position(${list}, ${list}[i]) = i)`,
  listFlattenDistinct: (lists) => `list_distinct(flatten(${lists}))`,
  listMax: (list) => `list_max(${list})`,
  listSortByKeys: (list, param, keys) =>
    `list_transform(list_sort(list_transform(${list}, lambda ${param}: {${keys.map((key, i) => `'k${i}': ${key}`).join(', ')}, 'v': ${param}})), lambda x: x.v)`,
  unnest: (list) => `unnest(${list})`,
  unnestWithPosition: (list, value, position) => `unnest(${list}) AS ${value}, generate_subscripts(${list}, 1) AS ${position}`,
  splitString: (text, separator) => `string_split(${text}, ${separator})`,
  hasWords: (text, words) => `regexp_matches(${text}, '${atLeastWords(words)}')`,
  column: (table, column) => `${table}.${column}`,
  starExcept: (columns) => `* EXCLUDE (${columns.join(', ')})`,
  createTempTableAs: (name, select) => `CREATE OR REPLACE TEMP TABLE ${name} AS ${select}`,
};

/** RE2: at least `words` runs of non-space characters from the start (ClickHouse's string literals then double each backslash). */
const atLeastWords = (words: number) => `^\\s*(\\S+\\s+){${words - 1}}\\S`;

const duckdbFilter = (condition?: string) => (condition === undefined ? '' : ` FILTER (WHERE ${condition})`);

export const CLICKHOUSE: SqlDialect = {
  name: 'clickhouse',
  isoWeek: (epochMs) => `formatDateTime(fromUnixTimestamp64Milli(toInt64(floor(${epochMs})), 'UTC'), '%G-W%V')`,
  isoDay: (epochMs) => `formatDateTime(fromUnixTimestamp64Milli(toInt64(floor(${epochMs})), 'UTC'), '%Y-%m-%d')`,
  formatEpochMs: (integerEpochMs, format) => `formatDateTime(fromUnixTimestamp64Milli(toInt64(${integerEpochMs}), 'UTC'), '${format}')`,
  exactSum: (value) => clickhouseDecimalText(`sum(${clickhouseScaledExactly(value)})`),
  countWhere: (condition) => `countIf(${condition})`,
  aggregateWhere: (aggregate, args, condition) => `${CLICKHOUSE_AGGREGATES[aggregate]}If(${args.join(', ')}, ${condition})`,
  argMin: (value, order) => `argMin(${value}, ${order})`,
  argMax: (value, order) => `argMax(${value}, ${order})`,
  bitOr: (value) => `groupBitOr(${value})`,
  anyValue: (value) => `any(${value})`,
  boolOr: (condition) => `toBool(max(${condition}))`,
  // varSamp gives nan, not NULL, for one value
  varSamp: (value) => `if(count(${value}) > 1, varSamp(${value}), NULL)`,
  asBool: (expression) => `toBool(${expression})`,
  listLength: (list) => `length(${list})`,
  listContains: (list, value) => `has(${list}, ${value})`,
  listPosition: (list, value) => `toInt64(indexOf(${list}, ${value}))`,
  listElement: (list, index) => `arrayElementOrNull(${list}, ${index})`,
  joinedListOr: (matched, list, fallback) => `if(${matched} IS NOT NULL, ${list}, ${fallback})`,
  listHasAny: (list, values) => `hasAny(${list}, ${values})`,
  listFilter: (list, param, body) => `arrayFilter(${param} -> ${body}, ${list})`,
  listTransformWithIndex: (list, param, index, body) => `arrayMap((${param}, ${index}) -> ${body}, ${list}, arrayEnumerate(${list}))`,
  listSum: (list) => `arraySum(x -> ifNull(x, 0), ${list})`,
  listMin: (list) => `if(empty(${list}), NULL, arrayMin(${list}))`,
  listConcat: (first, second) => `arrayConcat(${first}, ${second})`,
  integerRange: (from, toExclusive) => `arrayMap(x -> toInt32(x), range(${from}, greatest(${from}, ${toExclusive})))`,
  listSlice: (list, from, to) => `arraySlice(${list}, ${from}, greatest(0, (${to}) - (${from}) + 1))`,
  listDistinctSorted: (list) => `arraySort(arrayDistinct(${list}))`,
  listSort: (list) => `arraySort(${list})`,
  listAgg: (value, order, condition = 'TRUE', descending) =>
    `arrayMap(t -> t.1, ${descending ? 'arrayReverseSort' : 'arraySort'}(t -> t.2, groupArrayIf((assumeNotNull(${value}), ${order}), ${value} IS NOT NULL AND (${condition}))))`,
  listAggDistinctSorted: (value, condition = 'TRUE') => `arraySort(groupUniqArrayIf(assumeNotNull(${value}), ${value} IS NOT NULL AND (${condition})))`,
  listAggDistinct: (value, condition = 'TRUE') => `groupUniqArrayIf(assumeNotNull(${value}), ${value} IS NOT NULL AND (${condition}))`,
  concatSkippingNulls: (separator, parts) => `arrayStringConcat(arrayFilter(p -> p IS NOT NULL, [${parts.join(', ')}]), ${separator})`,
  emptyStringList: () => 'CAST([] AS Array(String))',
  emptyIntegerList: () => 'CAST([] AS Array(Int32))',
  emptyDoubleList: () => 'CAST([] AS Array(Float64))',
  stringList: (items) => `CAST([${items.join(', ')}] AS Array(String))`,
  listFirstOccurrences: (list) => `arrayFilter((x, i) -> indexOf(${list}, x) = i, ${list}, arrayEnumerate(${list}))`,
  listAtFirstOccurrences: (values, list) => `arrayFilter((x, i) -> indexOf(${list}, ${list}[i]) = i, ${values}, arrayEnumerate(${values}))`,
  listFlattenDistinct: (lists) => `arrayDistinct(arrayFlatten(${lists}))`,
  listMax: (list) => `if(empty(${list}), NULL, arrayMax(${list}))`,
  listSortByKeys: (list, param, keys) => `arraySort(${param} -> (${keys.join(', ')}), ${list})`,
  unnest: (list) => `arrayJoin(${list})`,
  unnestWithPosition: (list, value, position) => `${list}[${position}] AS ${value}, arrayJoin(arrayEnumerate(${list})) AS ${position}`,
  splitString: (text, separator) => `splitByString(${separator}, ${text})`,
  hasWords: (text, words) => `match(${text}, '${atLeastWords(words).replaceAll('\\', '\\\\')}')`,
  column: (table, column) => `${table}.${column} AS ${column}`,
  starExcept: (columns) => `* EXCEPT (${columns.join(', ')})`,
  createTempTableAs: (name, select) => `CREATE OR REPLACE TEMPORARY TABLE ${name} ENGINE = MergeTree ORDER BY tuple() AS ${select}`,
};

/** 2^53: from here on a double is an integer. */
const EXACT_INTEGERS = '9007199254740992';
const TEN_TO_28 = "toInt128('10000000000000000000000000000')";

/** `value` × 10^28 as a double, as the Int128 it equals (its mantissa times 2^exponent), rounded to an integer below 2^53 (DuckDB's cast). */
function clickhouseScaledExactly(value: string): string {
  const scaled = `(${value} * 1e28)`;
  const bits = `reinterpretAsUInt64(${scaled})`;
  const mantissa = `toInt128(bitOr(bitAnd(${bits}, 4503599627370495), 4503599627370496))`;
  const exponent = `toInt64(bitAnd(bitShiftRight(${bits}, 52), 2047)) - 1075`;
  return `if(abs(${scaled}) < ${EXACT_INTEGERS}, toInt128(round(${scaled})), toInt128(sign(${scaled})) * ${mantissa} * toInt128(intExp2(${exponent})))`;
}

/** An Int128 count of 10^-28 as a DOUBLE, through its decimal text, as DuckDB reads a DECIMAL(38, 28) back. */
function clickhouseDecimalText(units: string): string {
  return `toFloat64(concat(if(${units} < 0, '-', ''), toString(intDiv(abs(${units}), ${TEN_TO_28})), '.', leftPad(toString(abs(${units}) % ${TEN_TO_28}), 28, '0')))`;
}

const CLICKHOUSE_AGGREGATES = { arg_min: 'argMin', arg_max: 'argMax', sum: 'sum', min: 'min', max: 'max' } as const;

/**
 * ClickHouse settings under which the SQL both dialects share means what it means in DuckDB:
 * an outer join's unmatched side is NULL (not 0 or ''), an aggregate over no rows is NULL (sum,
 * max, argMin: not 0), a cast of NULL is NULL (`x::DECIMAL(38, 28)` fails on a NULL otherwise), a
 * column is read before a SELECT alias of the same name (`sum(n) … count()
 * AS n`), 64-bit integers come back as JSON numbers, a `UNION` without ALL or DISTINCT is
 * DISTINCT as in SQL, and text is read as the nearest double (`exactSum` reads its sum so).
 */
export const CLICKHOUSE_SESSION_SETTINGS = {
  prefer_column_name_to_alias: 1,
  cast_keep_nullable: 1,
  precise_float_parsing: 1,
  join_use_nulls: 1,
  aggregate_functions_null_for_empty: 1,
  output_format_json_quote_64bit_integers: 0,
  output_format_json_quote_decimals: 0,
  union_default_mode: 'DISTINCT',
  session_timezone: 'UTC',
} as const;
