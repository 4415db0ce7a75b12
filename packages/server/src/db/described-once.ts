import pg from 'pg';

/**
 * A named statement's run that asks PostgreSQL to describe its rows only the first time on each
 * connection (ADR 0038).
 *
 * pg sends Describe with every run of a prepared statement, so every answer starts with a
 * RowDescription that pg parses into field objects and then into a fresh row template and parser list
 * (`Result.addFields`). For the public lookup's 30 columns that was 22 % of the server's allocations
 * (a sampling heap profile that keeps collected objects) and 6 % of its CPU, every time the same. A
 * statement's columns cannot change while it stays prepared on a connection (PostgreSQL refuses to run
 * it: "cached plan must not change result type"), so the first run's description is kept for that
 * connection and later runs send Bind, Execute and Sync only.
 */

/** What `Result.addFields` works out from a RowDescription: pg's own field list, parsers and row template. */
interface Described {
  fields: unknown[];
  parsers: unknown[];
  template: Record<string, unknown>;
}

/** pg's Result and Connection, as far as this file reaches into them (pg 8). */
interface PgResult {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: Record<string, unknown>;
}
interface PgConnection {
  describe(msg: { type: string; name: string }): void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}
interface PgQueryInternals {
  name: string;
  values: unknown[] | undefined;
  rows: number | undefined;
  _result: PgResult;
  _accumulateRows: boolean;
  hasBeenParsed(connection: PgConnection): boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(msg: { fields: { name: string }[] }): void;
  handleError(err: Error, connection: PgConnection): void;
}

/**
 * Per connection, each statement's description, by the statement's name; with its columns renamed, by
 * the name and RENAMED (the same text may run renamed and as it is on one connection).
 */
const known = new WeakMap<PgConnection, Map<string, Described>>();
const RENAMED = '\0renamed';

/** The Describe message skipped: the rows' description is already known for this statement here. */
const noDescribe = (): void => undefined;

const BaseQuery = pg.Query as unknown as new (text: string) => PgQueryInternals;

/** A named statement to run: its name, text and values, and how to name its columns in the rows. */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
  /** The key each column gets in a row, worked out once per connection; unset: the column's name. */
  columnKey?: ((column: string) => string) | undefined;
}

class DescribedOnceQuery extends BaseQuery {
  #connection: PgConnection | undefined;
  #preparing = false;
  readonly #columnKey: ((column: string) => string) | undefined;
  readonly #key: string;

  constructor(statement: NamedStatement) {
    // From a config object pg copies every property descriptor (`cloneQueryConfig`): 3 % of the
    // lookup's CPU. From a text it makes a plain config; the name and values are set as pg sets them.
    super(statement.text);
    this.name = statement.name;
    this.values = statement.values;
    this.#columnKey = statement.columnKey;
    this.#key = statement.columnKey ? statement.name + RENAMED : statement.name;
  }

  override prepare(connection: PgConnection): void {
    this.#preparing = true;
    try {
      this.#prepare(connection);
    } finally {
      this.#preparing = false;
    }
  }

  /**
   * An error while pg prepares is a value it could not send: pg then closes the statement on the server
   * but still counts it as parsed (pg 8.23), so every later run on this connection would fail with
   * "prepared statement … does not exist". Forgetting it here has the next run parse it again.
   */
  override handleError(err: Error, connection: PgConnection): void {
    if (this.#preparing) {
      delete connection.parsedStatements[this.name];
      delete connection.submittedNamedStatements[this.name];
      known.get(connection)?.delete(this.name);
      known.get(connection)?.delete(this.name + RENAMED);
    }
    super.handleError(err, connection);
  }

  #prepare(connection: PgConnection): void {
    this.#connection = connection;
    const described = this.rows ? undefined : known.get(connection)?.get(this.#key);
    if (!described || !this.hasBeenParsed(connection)) return super.prepare(connection);
    const result = this._result;
    result.fields = described.fields;
    result._parsers = described.parsers;
    result._prebuiltEmptyResultObject = described.template;
    this._accumulateRows = true;
    // pg's prepare sends Parse (not needed here), Bind, Describe, Execute and Sync; without its Describe
    // everything else is as pg does it, errors included.
    const describe = connection.describe;
    connection.describe = noDescribe;
    try {
      super.prepare(connection);
    } finally {
      connection.describe = describe;
    }
  }

  override handleRowDescription(msg: { fields: { name: string }[] }): void {
    // pg builds its row template and each row from these names: renamed here, rows need no second pass.
    const columnKey = this.#columnKey;
    if (columnKey) for (const field of msg.fields) field.name = columnKey(field.name);
    super.handleRowDescription(msg);
    const connection = this.#connection;
    if (!connection) return;
    let statements = known.get(connection);
    if (!statements) known.set(connection, (statements = new Map()));
    const result = this._result;
    statements.set(this.#key, {
      fields: result.fields,
      parsers: result._parsers,
      template: result._prebuiltEmptyResultObject,
    });
  }
}

/** A pool's or a client's `query`, as it takes a Submittable. */
export type QueryFn = (
  query: unknown,
  values: undefined,
  callback: (err: Error | null, res: pg.QueryResult) => void,
) => unknown;

/**
 * Runs a named statement through `query` as a DescribedOnceQuery; answers pg's result. Without pg's
 * private members (checkPgInternals), the same SQL and values go as pg's own unnamed query, and the
 * rows' keys are renamed after: the same rows, only slower.
 */
export function runDescribedOnce<Row extends pg.QueryResultRow>(
  query: QueryFn,
  statement: NamedStatement,
): Promise<pg.QueryResult<Row>> {
  if (!(fastPath ??= decideQuietly())) return runPlain(query, statement);
  return new Promise((resolve, reject) => {
    query(new DescribedOnceQuery(statement), undefined, (err, res) =>
      err ? reject(err) : resolve(res as pg.QueryResult<Row>),
    );
  });
}

/**
 * pg's public path: an unnamed statement, so pg keeps no state of its own about it on the connection
 * (a named one that fails to bind stays counted as parsed in pg 8.23, which only the fast path's
 * private `handleError` corrects).
 */
function runPlain<Row extends pg.QueryResultRow>(
  query: QueryFn,
  { text, values, columnKey }: NamedStatement,
): Promise<pg.QueryResult<Row>> {
  return new Promise((resolve, reject) => {
    query({ text, values }, undefined, (err, res) => {
      if (err) return reject(err);
      if (columnKey) res.rows = res.rows.map((row: Record<string, unknown>) => renamed(row, columnKey));
      resolve(res as pg.QueryResult<Row>);
    });
  });
}

function renamed(
  row: Record<string, unknown>,
  columnKey: (column: string) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[columnKey(key)] = row[key];
  return out;
}

/** Whether runDescribedOnce takes the fast path; undefined until checked (at start, or at the first run). */
let fastPath: boolean | undefined;
let warned = false;

/** The pg module as far as the probe reads it (a stand-in in tests). */
export interface PgModule {
  Query: new (text: string) => object;
  Connection: new () => object;
}

const QUERY_METHODS = ['prepare', 'hasBeenParsed', 'handleRowDescription', 'handleError'] as const;

/** Reads a member that may be missing; never throws. */
const member = (target: unknown, key: string): unknown =>
  typeof target === 'object' && target !== null ? (target as Record<string, unknown>)[key] : undefined;

/**
 * pg's private members the fast path uses that are missing or changed in the pg at hand (a new pg
 * may rename them; package.json pins pg exactly, and this catches a pin moved without reading ADR
 * 0038). Checked on pg's own classes: a Query that has taken a row description as pg does, and a
 * Connection (made, never connected).
 */
export function missingPgInternals(from: PgModule = pg as unknown as PgModule): string[] {
  const missing: string[] = [];
  try {
    const query = new from.Query('select 1');
    for (const name of QUERY_METHODS)
      if (typeof member(query, name) !== 'function') missing.push(`Query.${name}()`);
    const result = member(query, '_result');
    if (!result) missing.push('Query._result');
    else if (typeof member(query, 'handleRowDescription') === 'function') {
      (query as PgQueryInternals).handleRowDescription({
        fields: [{ name: 'x', dataTypeID: 25, format: 'text' } as { name: string }],
      });
      if (!Array.isArray(member(result, 'fields'))) missing.push('Result.fields');
      if (!Array.isArray(member(result, '_parsers'))) missing.push('Result._parsers');
      if (!Object.hasOwn(Object(member(result, '_prebuiltEmptyResultObject')), 'x'))
        missing.push('Result._prebuiltEmptyResultObject');
      if (typeof member(query, '_accumulateRows') !== 'boolean') missing.push('Query._accumulateRows');
    }
    const connection = new from.Connection();
    if (typeof member(connection, 'describe') !== 'function') missing.push('Connection.describe()');
    for (const name of ['parsedStatements', 'submittedNamedStatements'])
      if (typeof member(connection, name) !== 'object') missing.push(`Connection.${name}`);
  } catch (err) {
    missing.push(`pg's Query or Connection could not be made (${String(err)})`);
  }
  return missing;
}

/** pg has every private member the fast path uses (ADR 0054). */
export function pgInternalsAvailable(from?: PgModule): boolean {
  return missingPgInternals(from).length === 0;
}

function decideQuietly(): boolean {
  const missing = missingPgInternals();
  if (missing.length > 0 && !warned) {
    warned = true;
    process.emitWarning(fallbackMessage(missing));
  }
  return missing.length === 0;
}

const fallbackMessage = (missing: string[]) =>
  `pg lacks private members the fast statement path uses (${missing.join(', ')}): named statements ` +
  "now run as pg's plain queries, the same rows but slower (ADR 0038, ADR 0054). Pin the pg version " +
  'package.json names, or adapt db/described-once.ts to this one.';

/**
 * The server's start (ADR 0054): checks pg's private members once and chooses the path every named
 * statement then takes; when any is missing, logs one warning (once per process, however often it is
 * called) and falls back to pg's plain queries. Answers whether the fast path is on.
 */
export function checkPgInternals(log: { warn(obj: object, msg: string): void }, from?: PgModule): boolean {
  const missing = missingPgInternals(from);
  fastPath = missing.length === 0;
  if (!fastPath && !warned) {
    warned = true;
    log.warn({ missing }, fallbackMessage(missing));
  }
  return fastPath;
}
