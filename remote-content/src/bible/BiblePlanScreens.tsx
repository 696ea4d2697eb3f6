import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ButtonLink, DeleteButton, DetailsList, formatDate, MissingRecord, PageHeader, Panel, WriteOnly } from 'shared';
import { RecordHistory, useRemove, type ComparedField } from 'shared/data';
import { bibleReadings, readingsApi, type Reading } from './api';
import { BiblePlanForm } from './BiblePlanForm';
import { listOfWeek, useReadingFromState, type ReadingState } from './readingState';

/** Opened without the reading in navigation state (spec §2). */
function NoReadingData() {
  return <MissingRecord message="No reading data provided." backTo="/bible-list" backLabel="Go Back" />;
}

/** /bible-plan-organizer */
export function AddBiblePlanScreen() {
  return <BiblePlanForm mode="add" />;
}

/** /edit-bible-plan/{id}: the reading comes from navigation state, like the details. */
export function EditBiblePlanScreen() {
  const { id = '' } = useParams();
  const reading = useReadingFromState(id);
  if (!reading) return <NoReadingData />;
  return <BiblePlanForm mode="edit" reading={reading} />;
}

/** /bible-plan-details/{id}: day, date and passage; Edit, Delete (asks first, like every delete), Back. */
export function BiblePlanDetailsScreen() {
  const { id = '' } = useParams();
  const reading = useReadingFromState(id);
  if (!reading) return <NoReadingData />;
  return <ReadingDetails reading={reading} />;
}

/** What a reading's History compares: its passage (day, week and date say which reading it is). */
const COMPARED: ComparedField[] = [{ name: 'passage', label: 'Passage' }];

function ReadingDetails({ reading }: { reading: Reading }) {
  const state: ReadingState = { reading };
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The reading came in navigation state: a restored one takes its place there.
  const showRestored = (restored: unknown) =>
    void navigate(pathname + search, { replace: true, state: { reading: restored as Reading } satisfies ReadingState });
  // A failure rejects: the dialog stays open (the client showed the toast).
  const remove = useRemove(reading, readingsApi.remove, 'Reading deleted successfully', ({ week }) => listOfWeek(week));

  return (
    <>
      <PageHeader
        title={`Day ${reading.day}`}
        actions={
          <>
            <ButtonLink variant="secondary" to={listOfWeek(reading.week)}>
              Back
            </ButtonLink>
            <WriteOnly>
              <ButtonLink to={`/edit-bible-plan/${reading._id}`} state={state}>
                Edit
              </ButtonLink>
            </WriteOnly>
            <DeleteButton
              label="Delete"
              confirmMessage="Are you sure you want to delete this reading?"
              onDelete={remove}
            />
          </>
        }
      />
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
          resource={bibleReadings}
          record={reading}
          fields={COMPARED}
          onRestored={showRestored}
        />
      </Panel>
    </>
  );
}
