import type { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPORTS,
  EXPORT_MAX_ROWS,
  EXPORT_MAX_RUNNING,
  EXPORT_MEDIA_TYPES,
  EXPORT_MSG,
  todayJalali,
  type ExportFormat,
  type ExportName,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ADMIN_EXPORTS } from './admin-exports.service.ts';
import { LAB_EXPORTS } from './lab-exports.service.ts';
import { RunningExports } from './running.lib.ts';
import type { ExportQuery, ExportSources } from './sources.lib.ts';
import { writeExport } from './writer.lib.ts';

// Running an export (ADR 0055): a place among the person's running exports, one read-only snapshot
// for its count and every batch, the row limit checked before the first byte, then the file streamed.

/** Limits a deployment (or a test) may lower. */
export interface ExportOptions {
  /** Rows one export may have (EXPORT_MAX_ROWS). */
  maxRows?: number;
  /** Exports one person may run at once (EXPORT_MAX_RUNNING). */
  maxRunning?: number;
  /** Rows read per query. */
  batchSize?: number;
}

const SOURCES: ExportSources<ExportName> = { ...LAB_EXPORTS, ...ADMIN_EXPORTS };

/** An export whose rows are counted and allowed: what the answer's headers say, and its bytes to come. */
export interface ReadyExport {
  total: number;
  mediaType: string;
  /** The file's name with its extension: Persian, and an ASCII stand-in for old clients. */
  fileName: string;
  asciiFileName: string;
  /** Writes the file into `out` and ends it; gives the snapshot and the person's place back either way. */
  writeInto(out: PassThrough, log: FastifyBaseLogger): Promise<void>;
}

/** Characters a file name may not carry on the systems people save it on (control characters too). */
const UNSAFE_FILE_CHARS = /[\p{Cc}/\\:*?"<>|]+/gu;

export class Exporter {
  private readonly running: RunningExports;
  private readonly maxRows: number;
  private readonly batchSize: number;
  private readonly db: Database;

  constructor(db: Database, options: ExportOptions = {}) {
    this.db = db;
    this.running = new RunningExports(options.maxRunning ?? EXPORT_MAX_RUNNING);
    this.maxRows = options.maxRows ?? EXPORT_MAX_ROWS;
    this.batchSize = options.batchSize ?? 1000;
  }

  /**
   * Counts the rows and checks the limits; every refusal (a running export too many, another lab's
   * id, too many rows) is thrown here, before the answer has begun.
   */
  async prepare<N extends ExportName>(
    user: SessionUser,
    name: N,
    query: ExportQuery<N> & { format: ExportFormat },
  ): Promise<ReadyExport> {
    const release = this.running.take(user.personId);
    const trx = await this.db
      .startTransaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute()
      .catch((error: unknown) => {
        release();
        throw error;
      });
    const end = async (commit: boolean) => {
      try {
        await (commit ? trx.commit() : trx.rollback()).execute();
      } finally {
        release();
      }
    };
    try {
      const source = SOURCES[name] as ExportSources<N>[N];
      const opened = await source(trx, user, query, this.batchSize);
      if (opened.total > this.maxRows) throw businessRule(EXPORT_MSG.tooMany(this.maxRows));
      const format = query.format;
      const stem = (opened.fileName ?? EXPORTS[name].fileName).replace(UNSAFE_FILE_CHARS, ' ').trim();
      const day = todayJalali().replace(/\//g, '-');
      return {
        total: opened.total,
        mediaType: EXPORT_MEDIA_TYPES[format],
        fileName: `${stem} ${day}.${format}`,
        asciiFileName: `${name}-${day}.${format}`,
        writeInto: async (out, log) => {
          let ok = false;
          try {
            await writeExport(format, out, { ...EXPORTS[name], fileName: stem }, opened.batches);
            ok = true;
          } catch (error) {
            // The answer has begun: the client sees a cut file, the log says why.
            log.error({ err: error, export: name }, 'An export failed while streaming');
            out.destroy(error instanceof Error ? error : new Error(String(error)));
          } finally {
            await end(ok).catch((error: unknown) => log.error({ err: error }, 'An export did not close'));
          }
        },
      };
    } catch (error) {
      await end(false);
      throw error;
    }
  }
}
