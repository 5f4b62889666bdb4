import { CompiledQuery, type Compilable } from 'kysely';
import { dialectOf } from './bulk-insert.ts';
import type { Db, DialectName } from './connection.ts';

const PLACEHOLDER = '\u0000fw-param:';

/**
 * A query whose shape never changes, built and compiled once per dialect and then run with each call's values.
 * Kysely builds a query object and compiles it to SQL on every call; for the one-row lookups every signed-in request
 * makes (its session, its user, its company) that was ~15% of the request's CPU time under load (bench:request
 * profile: freeze, visitNode, parseStringReference, cloneWithWhere). `build` receives placeholders, never the real
 * values; the compiled parameters that hold a placeholder take the call's value in its place. A value that the
 * builder would turn into SQL text (sql.lit, sql.raw) cannot be a placeholder: that is refused when first compiled.
 */
export function compiledOnce<Args extends string[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const compiled = new Map<DialectName, { query: CompiledQuery<Row>; from: (number | null)[] }>();
  const compile = (db: Db, arity: number) => {
    const placeholders = Array.from({ length: arity }, (_, i) => `${PLACEHOLDER}${i}`) as Args;
    const query = build(db, ...placeholders).compile();
    // For each parameter: the index of the argument it stands for, or null for a constant the builder put there.
    const from = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(PLACEHOLDER) ? Number(p.slice(PLACEHOLDER.length)) : null));
    for (let i = 0; i < arity; i++) {
      if (!from.includes(i)) throw new Error(`compiledOnce: argument ${i} did not end up as a query parameter`);
    }
    if (query.sql.includes(PLACEHOLDER)) throw new Error('compiledOnce: an argument was written into the SQL text');
    return { query, from };
  };
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) compiled.set(dialect, (entry = compile(db, args.length)));
    const { query, from } = entry;
    const parameters = from.map((argument, i) => (argument === null ? query.parameters[i] : args[argument]));
    // A fresh query id per run: only the SQL text and its parameters are shared between runs.
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
    return result.rows;
  };
}
