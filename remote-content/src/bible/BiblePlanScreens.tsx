import { useLocation, useNavigate } from 'react-router-dom';
import { DetailsList, formatDate, Panel } from 'shared';
import {
  RecordDetailsHeader,
  RecordHistory,
  RecordLoaded,
  recordFormScreens,
  useRecordController,
  type ComparedField,
  type RecordController,
} from 'shared/data';
import type { Reading } from './api';
import { BiblePlanForm } from './BiblePlanForm';
import { readingKind, type ReadingValues } from './kind';

/**
 * /bible-plan-organizer, and /edit-bible-plan/{id}: the reading comes from navigation state, like the
 * details ('No reading data provided.' without it).
 */
export const { AddScreen: AddBiblePlanScreen, EditScreen: EditBiblePlanScreen } = recordFormScreens(
  readingKind,
  BiblePlanForm,
);

/** /bible-plan-details/{id}: day, date and passage; Edit, Delete (asks first, like every delete), Back. */
export function BiblePlanDetailsScreen() {
  const controller = useRecordController(readingKind);
  return (
    <RecordLoaded controller={controller}>
      {(reading) => <ReadingDetails reading={reading} controller={controller} />}
    </RecordLoaded>
  );
}

/** What a reading's History compares: its passage (day, week and date say which reading it is). */
const COMPARED: ComparedField[] = [{ name: 'passage', label: 'Passage' }];

function ReadingDetails({
  reading,
  controller,
}: {
  reading: Reading;
  controller: RecordController<Reading, ReadingValues>;
}) {
  const kind = readingKind;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The reading came in navigation state: a restored one takes its place there.
  const showRestored = (restored: unknown) =>
    void navigate(pathname + search, { replace: true, state: kind.stateOf(restored as Reading) });

  return (
    <>
      <RecordDetailsHeader controller={controller} record={reading} title={`Day ${reading.day}`} />
      <Panel>
        <DetailsList>
          <dt>Day</dt>
          <dd>{reading.day}</dd>
          <dt>Week</dt>
          <dd>{reading.week}</dd>
          <dt>Date</dt>
          <dd>{formatDate(reading.date)}</dd>
          <dt>Passage</dt>
          <dd style={{ whiteSpace: 'pre-line' }}>{reading.passage}</dd>
        </DetailsList>
        <RecordHistory
          of="readings"
          resource={kind.resource}
          record={reading}
          fields={COMPARED}
          onRestored={showRestored}
        />
      </Panel>
    </>
  );
}
