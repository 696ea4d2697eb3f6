import { useState } from 'react';
import {
  Button,
  DataTable,
  EmptyText,
  ExportButton,
  formatDateTime,
  NotLoaded,
  SectionHeader,
  Panel,
  sortParam,
  useListSort,
  type Column,
} from 'shared';
import { FilterSelect } from './sections';
import { useResource } from 'shared/data';
import styled from 'styled-components';
import { activity, activityApi, team, teamApi, type ActivityEntry } from './api';

const columns: Column<ActivityEntry>[] = [
  {
    header: 'When',
    fit: true,
    sort: { key: 'at', value: (entry) => new Date(entry.at) },
    cell: (entry) => formatDateTime(entry.at),
  },
  { header: 'Who', sort: { key: 'member', value: (entry) => entry.member }, cell: (entry) => entry.member },
  {
    header: 'What',
    sort: { key: 'summary', value: (entry) => entry.summary },
    cell: (entry) => <Summary>{entry.summary}</Summary>,
  },
];

/** What the server sorts the record by: the columns' keys. */
const SORTABLE = columns.flatMap((column) => (column.sort ? [column.sort.key] : []));

/** Settings → Activity (an Admin's): every write of every member, newest first, filtered and paged. */
export function ActivityPanel() {
  const [state, setFilter] = useState({ page: 1, member: '', kind: '', sort: '' });
  // The sort is the address's (`?sort=`, as every list's); another one starts at the first page.
  const asked = useListSort(SORTABLE).sort;
  const sort = asked ? sortParam(asked) : '';
  const filter = state.sort === sort ? state : { ...state, page: 1, sort };
  const load = useResource(activity.list(filter), (signal) => activityApi.page(filter, signal));
  const members = useResource(team.list(), teamApi.list).data ?? [];
  const answer = load.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.limit)) : 1;
  const choose = (change: Partial<typeof filter>) => setFilter({ ...filter, page: 1, ...change });
  return (
    <Panel aria-label="Activity">
      <SectionHeader
        title="Activity"
        actions={
          <ExportButton
            list="activity"
            filters={{ member: filter.member || undefined, kind: filter.kind || undefined }}
          />
        }
      />
      <Filters>
        <label>
          Member
          <FilterSelect value={filter.member} onChange={(event) => choose({ member: event.target.value })}>
            <option value="">Everyone</option>
            {members.map((member) => (
              <option key={member._id} value={member._id}>
                {member.name || member.email}
              </option>
            ))}
          </FilterSelect>
        </label>
        <label>
          Kind of record
          <FilterSelect value={filter.kind} onChange={(event) => choose({ kind: event.target.value })}>
            <option value="">Every kind</option>
            {(answer?.kinds ?? []).map((kind) => (
              // The server's kind in a line's words ('regular Mass'); a label starts with a capital.
              <option key={kind} value={kind}>
                {kind.charAt(0).toUpperCase() + kind.slice(1)}
              </option>
            ))}
          </FilterSelect>
        </label>
      </Filters>
      {answer ? (
        answer.data.length ? (
          <>
            <DataTable
              caption="Activity"
              columns={columns}
              rows={answer.data}
              rowKey={(entry) => entry._id}
              pageSize={answer.limit}
              sortedByServer
            />
            <Pager>
              <Button
                variant="secondary"
                disabled={filter.page <= 1}
                onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
              >
                Newer
              </Button>
              <span>
                Page {filter.page} of {pages} ({answer.total} in all)
              </span>
              <Button
                variant="secondary"
                disabled={filter.page >= pages}
                onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
              >
                Older
              </Button>
            </Pager>
          </>
        ) : (
          <EmptyText>No activity recorded{filter.member || filter.kind ? ' for this filter' : ' yet'}.</EmptyText>
        )
      ) : (
        <NotLoaded load={load} what="The activity record" missing={null} />
      )}
    </Panel>
  );
}

/** A line quotes names as they were typed: a long one without spaces breaks rather than widen the table. */
const Summary = styled.span`
  overflow-wrap: anywhere;
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.85rem;
  }
  ${FilterSelect} {
    min-width: 200px;
  }
`;

const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.muted};
`;
