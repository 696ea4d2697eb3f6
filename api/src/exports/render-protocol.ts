import type { CellFormat } from './definition';

// What the event loop and a renderer thread (render-worker.ts) say to each other.

/** What a workbook looks like besides its rows: its sheet's name, headers and columns' widths. */
export interface WorkbookLayout {
  sheet: string;
  headers: string[];
  widths: number[];
}

export type RenderMessage =
  /** A new file starts: rows sent for one abandoned are dropped. */
  | { type: 'reset' }
  /** Rows of cell values for the workbook, in order. */
  | { type: 'rows'; rows: unknown[][] }
  /** The workbook of the rows sent since the reset. */
  | { type: 'workbook'; layout: WorkbookLayout; formats: CellFormat[] }
  /**
   * A document written by the module at the path `module` (its `writeDocument(input)`: a stream of
   * chunks), loaded on the thread at its first use. The feature that asks names its own module.
   */
  | { type: 'document'; module: string; input: unknown };

/** The answer to a 'workbook' or 'document' message. */
export type RenderAnswer = { file: Uint8Array } | { error: string };
