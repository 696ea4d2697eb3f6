import { parentPort } from 'node:worker_threads';
import type { RenderAnswer, RenderMessage } from './render-protocol';

/** A module that writes a document on a renderer thread (masses/pdf.ts: the week's PDF). */
export interface DocumentWriter {
  writeDocument(input: unknown): AsyncIterable<unknown>;
}

// Each kind's code is loaded at its first use (require: import() would leave the tests' compiler
// behind), so that a thread that only writes workbooks starts without pdfkit.
/* eslint-disable @typescript-eslint/no-require-imports */
const workbooks = () => require('./workbook') as typeof import('./workbook');
const documents = (module: string) => require(module) as DocumentWriter;
/* eslint-enable @typescript-eslint/no-require-imports */

// The files that take seconds of CPU to write (an Excel workbook of 20,000 rows, a PDF with its fonts
// embedded), written on a thread of their own so that the event loop keeps serving everyone else
// (exports/heavy-work.ts sends the work here).

let rows: unknown[][] = [];

async function answer(message: RenderMessage): Promise<Uint8Array | undefined> {
  if (message.type === 'reset') {
    rows = [];
    return undefined;
  }
  if (message.type === 'rows') {
    for (const row of message.rows) rows.push(row);
    return undefined;
  }
  if (message.type === 'workbook') {
    const gathered = rows;
    rows = [];
    return await workbooks().writeWorkbook(gathered, message.formats, message.layout);
  }
  const chunks: Buffer[] = [];
  const doc = documents(message.module).writeDocument(message.input);
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

parentPort?.on('message', (message: RenderMessage) => {
  answer(message).then(
    (file) => {
      if (!file) return;
      // Handed over, not copied.
      const copy = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
      const owned = copy.byteOffset === 0 && copy.byteLength === copy.buffer.byteLength ? copy : copy.slice();
      parentPort!.postMessage({ file: owned } satisfies RenderAnswer, [owned.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      rows = [];
      parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer);
    },
  );
});
