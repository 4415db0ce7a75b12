import type { ColumnType, Generated } from 'kysely';

// The instrument import's tables (migration 0026, ADR 0059), split from schema.ts, which puts them
// into `DB`.

/** A lab's column mapping for its instrument's results file. */
export interface ImportMappingsTable {
  id: Generated<string>;
  workshopId: string;
  name: string;
  instrument: string;
  sampleColumn: string;
  goldColumn: string;
  goldUnit: 'percent' | 'permille';
  stripPrefix: string | null;
  stripSuffix: string | null;
  createdAt: Generated<Date>;
}

/** One preview: the file it read (kept as evidence) and its rows as checked, applicable for a day. */
export interface AssayImportsTable {
  id: Generated<string>;
  workshopId: string;
  fileId: string;
  fileName: string;
  instrument: string;
  /** The rows as previewed (JSON text on insert). */
  rows: ColumnType<unknown, string, string>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  appliedAt: Date | null;
}

/** A purity an import recorded: the file's row that fed the packet, by whom, when. */
export interface AssayEvidenceTable {
  id: Generated<number>;
  assayId: string;
  importId: string;
  row: number;
  purity: number;
  createdBy: string | null;
  createdAt: Generated<Date>;
}
