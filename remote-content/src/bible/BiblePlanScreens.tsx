import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, ButtonLink, DetailsList, EmptyText, formatDate, notify, PageHeader, Panel, useUserId } from 'shared';
import { readingsApi, type Reading } from './api';
import { BiblePlanForm } from './BiblePlanForm';
import { listOfWeek, useReadingFromState, type ReadingState } from './readingState';

/** Opened without the reading in navigation state (spec §2). */
function NoReadingData() {
  return (
    <Panel>
      <EmptyText>No reading data provided.</EmptyText>
      <ButtonLink variant="secondary" to="/bible-list">
        Go Back
      </ButtonLink>
    </Panel>
  );
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

/** /bible-plan-details/{id}: day, date and passage; Edit, Delete (no confirmation, as the spec says), Back. */
export function BiblePlanDetailsScreen() {
  const { id = '' } = useParams();
  const reading = useReadingFromState(id);
  if (!reading) return <NoReadingData />;
  return <ReadingDetails reading={reading} />;
}

function ReadingDetails({ reading }: { reading: Reading }) {
  const userId = useUserId();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const state: ReadingState = { reading };

  const remove = async () => {
    setDeleting(true);
    try {
      await readingsApi.remove(userId, reading._id);
      notify.success('Reading deleted successfully');
      void navigate(listOfWeek(reading.week));
    } catch {
      // The client showed the toast; the reading stays on screen.
      setDeleting(false);
    }
  };

  return (
    <Panel>
      <PageHeader
        title={`Day ${reading.day}`}
        actions={
          <>
            <ButtonLink variant="secondary" to={listOfWeek(reading.week)}>
              Back
            </ButtonLink>
            <ButtonLink to={`/edit-bible-plan/${reading._id}`} state={state}>
              Edit
            </ButtonLink>
            <Button variant="danger" busy={deleting} onClick={() => void remove()}>
              Delete
            </Button>
          </>
        }
      />
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
    </Panel>
  );
}
