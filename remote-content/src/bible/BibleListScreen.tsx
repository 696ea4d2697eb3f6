import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  formatDate,
  ListTable,
  PageHeader,
  Panel,
  useSearchFilter,
  type Column,
  WriteOnly,
  ExportButton,
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { BIBLE_WEEKS, bibleReadings, readingsApi, type Reading } from './api';
import { CsvImport } from './CsvImport';
import { readingKind } from './kind';

const WeekPicker = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  label {
    font-weight: 600;
  }
  select {
    min-height: 38px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.color.surface};
    font: inherit;
  }
`;

const DayLabel = styled.strong`
  white-space: nowrap;
`;

const WEEKS = Array.from({ length: BIBLE_WEEKS }, (_, i) => i + 1);

/** The week in the URL (`?week=`), 1 when absent or not one of the 52. */
function useWeek(): [number, (week: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('week'));
  const week = Number.isInteger(asked) && asked >= 1 && asked <= BIBLE_WEEKS ? asked : 1;
  const choose = (next: number) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      updated.delete('page');
      if (next <= 1) updated.delete('week');
      else updated.set('week', String(next));
      return updated;
    });
  return [week, choose];
}

const columns: Column<Reading>[] = [
  {
    header: 'Day',
    fit: true,
    sort: { key: 'day', value: (reading) => reading.day },
    cell: (reading) => <DayLabel>Day {reading.day}</DayLabel>,
  },
  {
    header: 'Date',
    fit: true,
    sort: { key: 'date', value: (reading) => new Date(reading.date) },
    cell: (reading) => formatDate(reading.date),
  },
  {
    header: 'Passage',
    maxWidth: '420px',
    sort: { key: 'passage', value: (reading) => reading.passage },
    cell: (reading) => reading.passage,
  },
  {
    header: 'Action',
    fit: true,
    cell: (reading) => (
      <RowAction
        to={readingKind.details!(reading._id)}
        state={readingKind.stateOf(reading)}
        aria-label={`View details of Day ${reading.day}`}
      >
        View Details
      </RowAction>
    ),
  },
];

/** /bible-list (spec §2): the week's readings, Week 1 … Week 52; CSV import beyond the spec. */
export function BibleListScreen() {
  const [week, setWeek] = useWeek();
  const [importing, setImporting] = useState(false);
  const weekId = useId();
  const load = useResource(bibleReadings.list({ week }), (signal) => readingsApi.week(week, signal));
  const readings = useSearchFilter(load.data, (reading) => [
    `Day ${reading.day}`,
    reading.passage,
    formatDate(reading.date),
  ]);

  return (
    <>
      <PageHeader
        actions={
          <>
            <ExportButton list="bible-readings" filters={{ week: String(week) }} />
            <WriteOnly>
              <Button variant="secondary" aria-expanded={importing} onClick={() => setImporting((open) => !open)}>
                Import CSV
              </Button>
              <ButtonLink to="/bible-plan-organizer">Add New Plan</ButtonLink>
            </WriteOnly>
          </>
        }
      />
      <Panel>
        <WeekPicker>
          <label htmlFor={weekId}>Week</label>
          <select id={weekId} value={week} onChange={(event) => setWeek(Number(event.currentTarget.value))}>
            {WEEKS.map((n) => (
              <option key={n} value={n}>
                Week {n}
              </option>
            ))}
          </select>
        </WeekPicker>
        {importing && <CsvImport onClose={() => setImporting(false)} onImported={() => setImporting(false)} />}
        <ListTable
          load={load}
          emptyText="No readings available for this week."
          caption={`Readings of week ${week}`}
          itemsName="readings"
          columns={columns}
          rows={readings}
          rowKey={(r) => r._id}
        />
      </Panel>
    </>
  );
}
