import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  deleteColumn,
  DeleteButton,
  ExportButton,
  formatDate,
  ListTable,
  notify,
  notifyDeleted,
  PageHeader,
  Panel,
  RowAction,
  RowActions,
  useUserId,
  WriteOnly,
  type Column,
} from 'shared';
import { useGrowingList, useRemoveRow, useResource, useRestore } from 'shared/data';
import {
  PRAYER_STATES,
  prayerRequestKind,
  prayerRequests,
  prayerRequestsApi,
  type PrayerRequest,
  type PrayerState,
} from './api';
import { PrayerRequestDetails } from './PrayerRequestDetails';
import { StateBadge } from './StateBadge';
import { ToolGroup, Toolbar } from '../ui/Toolbar';

// A wide table never squeezes the text into a column of single words; a phone's card (below 600 px)
// gives it the card's width, in line with the other fields.
const RequestText = styled.span`
  display: block;
  min-width: 14rem;
  max-width: 70ch;
  white-space: pre-line;
  overflow-wrap: break-word;
  @media (max-width: 599px) {
    min-width: 0;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.muted};
  white-space: nowrap;
`;

const Small = styled.span`
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const StateCell = styled.span`
  display: block;
`;

/**
 * Under a row's state, whom it is assigned to (who set the state, and when, are in its details):
 * wrapped, so that the row's actions stay in view on a wide screen.
 */
const StateNote = styled(Small)`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  min-width: 7rem;
  max-width: 10rem;
  overflow-wrap: anywhere;
`;

/** The state filter and, for who may write, the marking of the selected requests: one band above the table. */
const SelectAll = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.color.muted};
  white-space: nowrap;
  input {
    width: 18px;
    height: 18px;
  }
`;

/** The state filter: one row of joined choices, the current one filled, that fits a phone's width. */
const Segments = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  button {
    min-height: 34px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border: 0;
    border-left: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: 600;
    white-space: nowrap;
    cursor: pointer;
  }
  button:first-child {
    border-left: 0;
  }
  button:hover:not([aria-pressed='true']) {
    background: ${({ theme }) => theme.color.page};
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.primary};
    color: #fff;
  }
`;

const RowCheck = styled.input`
  width: 18px;
  height: 18px;
`;

/** The filters, as the address keeps them (`?state=`): New is the default view. */
const FILTERS = [
  { key: 'new', label: 'New', state: 'New' },
  { key: 'prayed-for', label: 'Prayed for', state: 'Prayed for' },
  { key: 'answered', label: 'Answered', state: 'Answered' },
  { key: 'all', label: 'All', state: undefined },
] as const satisfies readonly { key: string; label: string; state: PrayerState | undefined }[];

/** The states in the order a request goes through them. */
const STATE_ORDER: readonly PrayerState[] = ['New', 'Prayed for', 'Answered'];

/** What a filter with no request in it says (the spec's text is for a list with none at all). */
const NONE_IN: Record<PrayerState, string> = {
  New: 'No new prayer requests.',
  'Prayed for': 'No prayer requests are marked Prayed for.',
  Answered: 'No prayer requests are marked Answered.',
};

/** '3 Answered prayer requests', '1 prayer request'. */
const requestsOf = (count: number, state?: PrayerState) =>
  `${count} ${state ? `${state} ` : ''}prayer ${count === 1 ? 'request' : 'requests'}`;

/**
 * What Delete All deletes, under the spec's question: the requests of the tab shown (all of them, not
 * only the page or what the search finds), counted, and what stays.
 */
function deleteAllQuestion(count: number, state: PrayerState | undefined, searching: boolean): string {
  const notOnlyFound = searching ? ', not only those the search finds' : '';
  const what = state
    ? `This deletes the ${requestsOf(count, state)}${notOnlyFound}; ${PRAYER_STATES.filter((other) => other !== state).join(' and ')} ones stay.`
    : `This deletes all ${requestsOf(count)}, whatever their state${notOnlyFound}.`;
  return `Are you sure you want to delete all prayer requests? ${what}`;
}

/** The state a request goes on to from a row: New → Prayed for → Answered. */
const NEXT: Partial<Record<PrayerState, PrayerState>> = { New: 'Prayed for', 'Prayed for': 'Answered' };

/** A short name of a request, for the labels that say which row a control acts on. */
const shortName = (row: PrayerRequest) => (row.request.length > 40 ? `${row.request.slice(0, 39)}…` : row.request);

/**
 * /prayer-requests (spec §2): the requests sent from the mobile app, a Delete for each and Delete
 * All while there are any; both ask first and refresh the list. Beyond the spec, the team cares for
 * each request: the list shows the New ones first (Prayed for, Answered and All one click away), each
 * row's state and assignee, a mark to its next state, and the selected rows marked at once; Details opens its note
 * and assignee (so does a link with `?request=<id>`, the assignment's mail's). Thousands of requests stay quick:
 * one page of 25 at a time, the page kept in the URL; past 500 requests in a filter each page and each search is
 * asked of the server (useGrowingList).
 */
export function PrayerRequestsScreen() {
  const userId = useUserId();
  const [search, setSearch] = useSearchParams();
  const filter = FILTERS.find((option) => option.key === search.get('state')) ?? FILTERS[0];
  const { load, rows, total } = useGrowingList(
    prayerRequests,
    { userId, state: filter.key },
    (request, signal) => prayerRequestsApi.page(userId, request, filter.state, signal),
    (row) => [row.request, row.note],
    { sortable: ['request', 'createdAt', 'state'] },
  );
  // Whether there is any request at all, whatever the filter: Delete All and the spec's empty text.
  const any = useResource(prayerRequests.list({ userId, part: 'any' }), (signal) =>
    prayerRequestsApi.page(userId, { page: 1, limit: 1, q: '' }, undefined, signal),
  );
  const stored = any.data?.total ?? any.data?.rows.length ?? 0;
  // How many the tab holds, whatever the search or page: what its Delete All deletes.
  const tab = useResource(
    prayerRequests.list({ userId, part: 'any', ...(filter.state ? { state: filter.key } : {}) }),
    (signal) => prayerRequestsApi.page(userId, { page: 1, limit: 1, q: '' }, filter.state, signal),
  );
  const inTab = tab.data ? (tab.data.total ?? tab.data.rows.length) : undefined;
  const assignees = useResource(prayerRequests.list({ userId, part: 'assignees' }), (signal) =>
    prayerRequestsApi.assignees(userId, signal),
  );
  const names = useMemo(
    () => new Map((assignees.data ?? []).map((member) => [member._id, member.name])),
    [assignees.data],
  );

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [marking, setMarking] = useState(false);
  const [open, setOpen] = useState<PrayerRequest>();
  const shown = rows.filter((row) => selected.has(row._id));

  // A link to one request (`?request=`, the mail of its assignment) opens its details once it is among
  // the rows; closing them leaves the address as the list's.
  const linked = search.get('request');
  const details = open ?? (linked ? rows.find((row) => row._id === linked) : undefined);
  const closeDetails = () => {
    setOpen(undefined);
    if (!linked) return;
    const next = new URLSearchParams(search);
    next.delete('request');
    setSearch(next, { replace: true });
  };

  const choose = (key: string) => {
    const next = new URLSearchParams(search);
    next.set('state', key);
    next.delete('page');
    setSearch(next);
    setSelected(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const mark = async (ids: string[], state: PrayerState) => {
    // One marking at a time: a second click while the first is sent adds nothing.
    if (marking) return;
    setMarking(true);
    try {
      const answer = await prayerRequestsApi.mark(userId, ids, state);
      notify.success(answer.message);
      setSelected(new Set());
    } catch {
      // The client showed the server's words; the selection stays.
    } finally {
      setMarking(false);
    }
  };

  const remove = useRemoveRow<PrayerRequest>(prayerRequestKind);
  const restore = useRestore();
  // The tab's requests only: the server's answer says how many went, and its Undo brings back those.
  const removeAll = async () => {
    const answer = await prayerRequestsApi.removeAll(userId, filter.state);
    notifyDeleted(answer.message, answer, restore);
  };

  const columns = useMemo<Column<PrayerRequest>[]>(
    () => [
      {
        header: 'Select',
        fit: true,
        write: true,
        cell: (row) => (
          <RowCheck
            type="checkbox"
            aria-label={`Select “${shortName(row)}”`}
            checked={selected.has(row._id)}
            onChange={(event) => toggle(row._id, event.currentTarget.checked)}
          />
        ),
      },
      { header: 'S/N', fit: true, cell: (_row, index) => <Muted>{index + 1}</Muted> },
      {
        header: 'Request',
        sort: { key: 'request', value: (row) => row.request },
        cell: (row) => <RequestText>{row.request}</RequestText>,
      },
      {
        header: 'Submitted',
        fit: true,
        sort: { key: 'createdAt', value: (row) => new Date(row.createdAt) },
        cell: (row) => <Muted>{formatDate(row.createdAt)}</Muted>,
      },
      {
        header: 'State',
        // In the order of the workflow, as the server sorts a list it pages.
        sort: { key: 'state', value: (row) => STATE_ORDER.indexOf(row.state) },
        // One element: a phone's stacked row lays out a cell's children as its parts.
        cell: (row) => (
          <StateCell>
            <StateBadge state={row.state} />
            {row.assigneeId && names.has(row.assigneeId) && (
              <StateNote>Assigned to {names.get(row.assigneeId)}</StateNote>
            )}
          </StateCell>
        ),
      },
      {
        header: 'Care',
        fit: true,
        cell: (row) => {
          const next = NEXT[row.state];
          return (
            <RowActions>
              <RowAction onClick={() => setOpen(row)} aria-label={`Details of “${shortName(row)}”`}>
                Details
              </RowAction>
              {next && (
                <WriteOnly>
                  <RowAction
                    onClick={() => void mark([row._id], next)}
                    aria-label={`Mark ${next}: “${shortName(row)}”`}
                  >
                    Mark {next}
                  </RowAction>
                </WriteOnly>
              )}
            </RowActions>
          );
        },
      },
      deleteColumn('Are you sure you want to delete this prayer request?', remove),
    ],
    // toggle and mark only set state; the columns change with the selection and the names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remove, selected, names],
  );

  const allShown = rows.length > 0 && shown.length === rows.length;
  const emptyText = stored === 0 || !filter.state ? 'No prayer requests available.' : NONE_IN[filter.state];

  return (
    <>
      {stored > 0 && (
        <PageHeader
          actions={
            <>
              <ExportButton list="prayer-requests" filters={{ state: filter.state }} />
              {inTab !== undefined && inTab > 0 && (
                <DeleteButton
                  label="Delete All"
                  confirmMessage={deleteAllQuestion(inTab, filter.state, Boolean(search.get('q')?.trim()))}
                  onDelete={removeAll}
                />
              )}
            </>
          }
        />
      )}
      <Panel>
        <Toolbar>
          <Segments role="group" aria-label="Show requests">
            {FILTERS.map((option) => (
              <button
                key={option.key}
                type="button"
                aria-pressed={option.key === filter.key}
                onClick={() => choose(option.key)}
              >
                {option.label}
              </button>
            ))}
          </Segments>
          <WriteOnly>
            {rows.length > 0 && (
              <ToolGroup role="group" aria-label="Mark the selected requests">
                <SelectAll>
                  <input
                    type="checkbox"
                    checked={allShown}
                    onChange={(event) =>
                      setSelected(event.currentTarget.checked ? new Set(rows.map((row) => row._id)) : new Set())
                    }
                  />
                  Select all shown
                </SelectAll>
                <Small aria-live="polite">{shown.length} selected</Small>
                {shown.length > 0 && (
                  <RowActions>
                    {(['Prayed for', 'Answered', 'New'] as const)
                      .filter((state) => state !== filter.state)
                      .map((state) => (
                        <RowAction
                          key={state}
                          onClick={() =>
                            void mark(
                              shown.map((row) => row._id),
                              state,
                            )
                          }
                        >
                          Mark {state}
                        </RowAction>
                      ))}
                  </RowActions>
                )}
              </ToolGroup>
            )}
          </WriteOnly>
        </Toolbar>
        <ListTable
          load={load}
          emptyText={emptyText}
          caption="Prayer requests"
          columns={columns}
          rows={rows}
          total={total}
          rowKey={(row) => row._id}
        />
        {details && (
          <PrayerRequestDetails
            request={rows.find((row) => row._id === details._id) ?? details}
            assignees={assignees.data ?? []}
            onClose={closeDetails}
          />
        )}
      </Panel>
    </>
  );
}
