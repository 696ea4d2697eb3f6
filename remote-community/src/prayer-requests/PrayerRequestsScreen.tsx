import { useMemo } from 'react';
import styled from 'styled-components';
import { deleteColumn, DeleteButton, formatDate, ListTable, PageHeader, Panel, useUserId, type Column } from 'shared';
import { useGrowingList, useRemoveAll, useRemoveRow } from 'shared/data';
import { prayerRequests, prayerRequestsApi, type PrayerRequest } from './api';

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

/**
 * /prayer-requests (spec §2): the requests sent from the mobile app, a Delete for each and Delete
 * All while there are any; both ask first and refresh the list. Thousands of requests stay quick:
 * the table shows one page of 25 at a time, the page kept in the URL; past 500 requests each page
 * and each search is asked of the server (useGrowingList).
 */
export function PrayerRequestsScreen() {
  const userId = useUserId();
  const { load, rows, total, stored } = useGrowingList(
    prayerRequests,
    { userId },
    (request, signal) => prayerRequestsApi.page(userId, request, signal),
    (row) => [row.request],
  );

  const remove = useRemoveRow<PrayerRequest>(prayerRequestsApi.remove, 'Prayer request deleted successfully');
  const removeAll = useRemoveAll(prayerRequestsApi.removeAll, 'All prayer requests deleted successfully');

  const columns = useMemo<Column<PrayerRequest>[]>(
    () => [
      { header: 'S/N', fit: true, cell: (_row, index) => <Muted>{index + 1}</Muted> },
      { header: 'Request', cell: (row) => <RequestText>{row.request}</RequestText> },
      { header: 'Submitted', fit: true, cell: (row) => <Muted>{formatDate(row.createdAt)}</Muted> },
      deleteColumn('Are you sure you want to delete this prayer request?', remove, 'Action'),
    ],
    [remove],
  );

  const hasRequests = stored > 0;

  return (
    <Panel>
      {hasRequests && (
        <PageHeader
          actions={
            <DeleteButton
              label="Delete All"
              confirmMessage="Are you sure you want to delete all prayer requests?"
              onDelete={removeAll}
            />
          }
        />
      )}
      <ListTable
        load={load}
        emptyText="No prayer requests available."
        caption="Prayer requests"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(row) => row._id}
      />
    </Panel>
  );
}
