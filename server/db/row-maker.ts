/**
 * Rows as objects, made by a function compiled once for each list of column names (decision 076): an object literal
 * with those keys in that order, so every row of a statement has one hidden class from the start and the code that
 * reads it sees one shape.
 *
 * pg's object rows copy a prebuilt empty row with a spread, then store each column by its name. In a CPU profile of
 * the server under the non-performing defaulters (25 rows of 31 columns a call, 1M customers), that spread and those
 * stores were 12.7% of the thread's time (CloneObjectIC_Slow 6.2%, KeyedStoreIC_Megamorphic 3.4%,
 * CreateDataProperty 3.1%). The drivers read rows as arrays of parsed values and this names them.
 *
 * A repeated name keeps its last value at its first place, as pg's rows and PGlite's do. A column named `__proto__`
 * is an own property of its row, defined as such: in a literal, or assigned as the drivers do, it would set the row's
 * prototype instead.
 */

export type RowMaker = (values: readonly unknown[]) => Record<string, unknown>;

const makers = new Map<string, RowMaker>();

/** How many lists of names are kept: the portal's SQL is a bounded set of statements, far fewer than this. */
const MOST_KEPT = 5_000;

export function rowMaker(names: readonly string[]): RowMaker {
  // JSON: a list of names is one text whatever the names hold (joined by a separator, ['a,b'] was ['a', 'b']).
  const key = JSON.stringify(names);
  let maker = makers.get(key);
  if (maker === undefined) {
    maker = compile(names);
    if (makers.size < MOST_KEPT) makers.set(key, maker);
  }
  return maker;
}

function compile(names: readonly string[]): RowMaker {
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        Object.defineProperty(row, names[i]!, { value: values[i], enumerable: true, writable: true, configurable: true });
      }
      return row;
    };
  }
  // Each name is written as a JSON string (a valid, escaped property name) and each value read by its position.
  const properties = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${properties} };`) as RowMaker;
}

/** Each row of values as an object with the names of its columns. */
export const rowsNamed = <T>(names: readonly string[], rows: readonly (readonly unknown[])[]): T[] => rowsMade<T>(rowMaker(names), rows);

/** Each row of values made into an object by `make` (a maker already found, as postgres.ts keeps one per statement). */
export function rowsMade<T>(make: RowMaker, rows: readonly (readonly unknown[])[]): T[] {
  const made = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) made[i] = make(rows[i]!) as T;
  return made;
}
