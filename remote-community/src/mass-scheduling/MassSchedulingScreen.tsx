import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  ExportButton,
  ListTable,
  notify,
  PageHeader,
  Panel,
  RowAction,
  RowActions,
  useUserId,
  WriteOnly,
  type Column,
  useParish,
} from 'shared';
import { useGrowingList } from 'shared/data';
import { massIntentions, massIntentionsApi, type IntentionState as State, type MassIntention } from './api';
import { isDay, massInWords, today, weekStartOf } from './calendar';
import { useSaidConfirmation } from './ConfirmSaid';
import { IntentionDetails } from './IntentionDetails';
import { IntentionState } from './IntentionState';
import { PlaceIntention } from './PlaceIntention';
import { Stipend, StipendTotal } from './Stipend';
import { WeekView } from './WeekView';

const Views = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/**
 * Under a row's state, its Mass (or that it is not placed): wrapped in a narrow column, so that the
 * row's actions stay in view on a wide screen; a phone's stacked row gives it the card's width.
 */
const MassText = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  min-width: 8rem;
  max-width: 11rem;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  @media (max-width: 599px) {
    max-width: none;
  }
`;

/**
 * A row's actions: one above the other up to a wide screen, so that the column stays narrow and the
 * intention gets the width; side by side from 1600 px; on a phone's stacked row they wrap within the
 * card's width.
 */
const Actions = styled(RowActions)`
  @media (max-width: 1599px) {
    display: flex;
    flex-direction: column;
    align-items: stretch;
  }
  @media (max-width: 599px) {
    display: inline-flex;
    flex-direction: row;
    flex-wrap: wrap;
  }
`;

/** An email breaks within its column (the table's rule), which is wide enough for a usual one whole. */
const EmailText = styled.span`
  display: block;
  min-width: 11rem;
  @media (max-width: 599px) {
    min-width: 0;
  }
`;

/** An intention is read whole: it wraps, never narrower than a few words a line. */
const IntentionText = styled.span`
  display: block;
  min-width: 12rem;
  @media (max-width: 599px) {
    min-width: 0;
  }
`;

const StateCell = styled.span`
  display: block;
`;

/** The states in the order an intention goes through them. */
const STATE_ORDER: readonly State[] = ['Requested', 'Scheduled', 'Said', 'Cancelled'];

/** A short name of an intention, for the labels that say which row a control acts on. */
const shortName = (row: MassIntention) => row.fullname;

/** The views of the screen, as the address keeps them (`?view=week`): the requests are the default. */
const VIEWS = [
  { key: 'requests', label: 'Requests' },
  { key: 'week', label: 'Week' },
] as const;

/**
 * /mass-scheduling (spec §2): the intention requests sent from the mobile app, in the spec's table
 * (full name, email, intention), with each one's state and Mass; who may write places a Requested one
 * in a Mass (by hand, or the next free Mass), marks a Scheduled one Said, cancels one, and records its
 * stipend and receipt in Details. The Week view lists each Mass of a week with its intentions.
 */
export function MassSchedulingScreen() {
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'week' ? 'week' : 'requests';
  const asked = search.get('week');
  const { weekStart } = useParish();
  const week = weekStartOf(isDay(asked) ? asked : today(), weekStart);
  const choose = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) next.set(name, value);
    setSearch(next);
  };

  return (
    <>
      <PageHeader
        actions={
          <>
            <ButtonLink variant="secondary" to="/mass-scheduling/report">
              Intentions report
            </ButtonLink>
            <ExportButton list="mass-intentions" />
          </>
        }
      />
      <Panel>
        <Views role="group" aria-label="View">
          {VIEWS.map((option) => (
            <Button
              key={option.key}
              variant={option.key === view ? 'primary' : 'secondary'}
              aria-pressed={option.key === view}
              onClick={() => choose({ view: option.key })}
            >
              {option.label}
            </Button>
          ))}
        </Views>
        {view === 'week' ? (
          <WeekView week={week} onWeek={(day) => choose({ view: 'week', week: weekStartOf(day, weekStart) })} />
        ) : (
          <Requests />
        )}
      </Panel>
    </>
  );
}

/** The spec's table of requests, with their state, Mass and care; past 500 of them each page and search is asked of the server. */
function Requests() {
  const userId = useUserId();
  const { load, rows, total } = useGrowingList(
    massIntentions,
    { userId },
    (request, signal) => massIntentionsApi.page(userId, request, signal),
    (row) => [row.fullname, row.email, row.intention],
    { sortable: ['fullname', 'email', 'intention', 'state'] },
  );
  const [placing, setPlacing] = useState<MassIntention>();
  const [open, setOpen] = useState<MassIntention>();
  // A ref, not state: the columns below are made once, and a second click must see the first.
  const busy = useRef(false);
  const { confirmSaid, dialog } = useSaidConfirmation();

  const mark = async (row: MassIntention, state: State) => {
    if (busy.current) return;
    busy.current = true;
    try {
      if (state === 'Said' && !(await confirmSaid(row))) return;
      await massIntentionsApi.care(userId, row._id, { state });
      notify.success(`Mass intention marked ${state}`);
    } catch {
      // The client showed the server's words.
    } finally {
      busy.current = false;
    }
  };

  const columns = useMemo<Column<MassIntention>[]>(
    () => [
      { header: 'Full Name', sort: { key: 'fullname', value: (row) => row.fullname }, cell: (row) => row.fullname },
      {
        header: 'Email',
        sort: { key: 'email', value: (row) => row.email },
        cell: (row) => (
          <EmailText>
            <a href={`mailto:${row.email}`}>{row.email}</a>
          </EmailText>
        ),
      },
      {
        header: 'Intention Type',
        sort: { key: 'intention', value: (row) => row.intention },
        cell: (row) => <IntentionText>{row.intention}</IntentionText>,
      },
      {
        header: 'State and Mass',
        // In the order of the workflow, as the server sorts a list it pages.
        sort: { key: 'state', value: (row) => STATE_ORDER.indexOf(row.state) },
        // One element: a phone's stacked row lays out a cell's children as its parts.
        cell: (row) => (
          <StateCell>
            <IntentionState state={row.state} />
            <MassText>{row.mass ? massInWords(row.mass) : 'Not placed'}</MassText>
          </StateCell>
        ),
      },
      { header: 'Stipend', cell: (row) => <Stipend amount={row.stipend} /> },
      {
        header: 'Action',
        fit: true,
        cell: (row) => (
          <Actions>
            <RowAction onClick={() => setOpen(row)} aria-label={`Details of ${shortName(row)}`}>
              Details
            </RowAction>
            <WriteOnly>
              {row.state === 'Requested' && (
                <RowAction onClick={() => setPlacing(row)} aria-label={`Place ${shortName(row)}`}>
                  Place
                </RowAction>
              )}
              {row.state === 'Scheduled' && (
                <RowAction onClick={() => void mark(row, 'Said')} aria-label={`Mark Said: ${shortName(row)}`}>
                  Mark Said
                </RowAction>
              )}
              {(row.state === 'Requested' || row.state === 'Scheduled') && (
                <RowAction onClick={() => void mark(row, 'Cancelled')} aria-label={`Cancel ${shortName(row)}`}>
                  Cancel
                </RowAction>
              )}
            </WriteOnly>
          </Actions>
        ),
      },
    ],
    // mark reads the busy ref, asks through a state setter and calls the API: nothing in it changes
    // from one render to the next.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <>
      <ListTable
        load={load}
        emptyText="No mass intentions available."
        caption="Mass intentions"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(row) => row._id}
      />
      {rows.length > 0 && (
        <StipendTotal label="Stipends of the intentions shown" amounts={rows.map((row) => row.stipend)} />
      )}
      {placing && <PlaceIntention intention={placing} onClose={() => setPlacing(undefined)} />}
      {open && (
        <IntentionDetails
          intention={rows.find((row) => row._id === open._id) ?? open}
          onClose={() => setOpen(undefined)}
        />
      )}
      {dialog}
    </>
  );
}
