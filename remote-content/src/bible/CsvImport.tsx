import axios from 'axios';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, DataTable, formatDate, notify, useUserId, type Column } from 'shared';
import { readingsApi, type ImportRowError } from './api';
import type { ParsedPlan, PlanRow } from './csv';

const Box = styled.section`
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(5)};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.page};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
  label {
    display: block;
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.small};
    margin-bottom: ${({ theme }) => theme.space(1.5)};
  }
  input[type='file'] {
    display: block;
    max-width: 420px;
    padding: ${({ theme }) => theme.space(1.5)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.color.surface};
  }
`;

const Summary = styled.p<{ $bad: boolean }>`
  margin-top: ${({ theme }) => theme.space(4)} !important;
  font-weight: 600;
  color: ${({ theme, $bad }) => ($bad ? theme.color.danger : theme.color.success)};
`;

const Problem = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: 600;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const columns: Column<PlanRow>[] = [
  { header: 'Row', cell: (row) => row.row },
  { header: 'Day', cell: (row) => row.raw.day },
  { header: 'Week', cell: (row) => row.raw.week },
  // Every readable date as dd/mm/yyyy, on a bad row too; an unreadable one as the file has it.
  { header: 'Date', cell: (row) => formatDate(row.date) || row.raw.date },
  { header: 'Passage', maxWidth: '320px', cell: (row) => row.raw.passage },
  { header: 'Problem', cell: (row) => (row.error ? <Problem>{row.error}</Problem> : 'OK') },
];

/** Rows the server refused, merged into the preview (it checks days already in the plan). */
function withServerErrors(plan: ParsedPlan, errors: ImportRowError[]): ParsedPlan {
  const byRow = new Map(errors.map((e) => [e.row, e.message]));
  return { rows: plan.rows.map((row) => (byRow.has(row.row) ? { ...row, error: byRow.get(row.row) } : row)) };
}

/** The file's text (FileReader: also where Blob.text() is missing). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

interface CsvImportProps {
  onImported: () => void;
  onClose: () => void;
}

/**
 * Beyond the spec: import a whole plan from a CSV file (day, week, date, passage). The file is
 * read and checked in the browser first (preview with each row's problem); the server then stores
 * all rows in one transaction, or none.
 */
export function CsvImport({ onImported, onClose }: CsvImportProps) {
  const userId = useUserId();
  const inputId = useId();
  const [plan, setPlan] = useState<ParsedPlan>();
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    setPlan(undefined);
    setFileName(file?.name ?? '');
    if (!file) return;
    // The parser is downloaded only when a file is chosen.
    const [{ parsePlan }, text] = await Promise.all([import('./csv'), readText(file)]);
    setPlan(parsePlan(text));
  };

  const bad = plan ? plan.rows.filter((row) => row.error) : [];
  const ready = plan && !plan.fileError && plan.rows.length > 0 && bad.length === 0;

  const importPlan = async () => {
    if (!plan || !ready) return;
    setBusy(true);
    try {
      const answer = await readingsApi.import(
        userId,
        plan.rows.map((row) => row.reading!),
      );
      notify.success(answer.message);
      onImported();
    } catch (error) {
      // The client showed the server's message; its row errors go into the preview.
      const errors = axios.isAxiosError(error)
        ? (error.response?.data as { errors?: ImportRowError[] })?.errors
        : undefined;
      if (errors?.length) setPlan(withServerErrors(plan, errors));
      setBusy(false);
    }
  };

  return (
    <Box aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Import a plan from a CSV file</h3>
      <p>
        One reading per line under a header line <code>day,week,date,passage</code>; dates as yyyy-mm-dd or dd/mm/yyyy.
        Nothing is stored unless every row is valid.
      </p>
      <label htmlFor={inputId}>CSV file</label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      {plan?.fileError && <Summary $bad>{plan.fileError}</Summary>}
      {plan && !plan.fileError && (
        <>
          <Summary $bad={bad.length > 0} role="status">
            {bad.length > 0
              ? `${bad.length} of ${plan.rows.length} rows have errors (${fileName}); correct the file and choose it again.`
              : `${plan.rows.length} ${plan.rows.length === 1 ? 'reading' : 'readings'} ready to import.`}
          </Summary>
          <DataTable
            caption="Import preview"
            columns={columns}
            // Rows with problems first, so that they are seen without paging.
            rows={[...bad, ...plan.rows.filter((row) => !row.error)]}
            rowKey={(row) => String(row.row)}
            pageSize={10}
          />
        </>
      )}
      <Actions>
        <Button busy={busy} disabled={!ready} onClick={() => void importPlan()}>
          Import {ready ? `${plan.rows.length} readings` : 'readings'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </Actions>
    </Box>
  );
}
