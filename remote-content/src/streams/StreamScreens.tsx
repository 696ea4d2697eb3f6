import styled from 'styled-components';
import {
  actionColumn,
  deleteColumn,
  editColumn,
  linkColumn,
  ListPage,
  Picture,
  serialColumn,
  type ListLayout,
} from 'shared';
import { useList, useRemoveRow } from 'shared/data';
import { streamKind, streams, streamsApi, type Stream } from './api';

const Thumbnail = styled(Picture)`
  width: 80px;
  height: 48px;
`;

/** /live-streaming (spec §2): S/N, title, stream link, thumbnail, Edit and Delete. */
export function StreamListScreen() {
  const list = useList(streams, streamsApi.list, (stream) => [stream.name, stream.streamingLink, stream.category]);
  const remove = useRemoveRow(streamsApi.remove, streamKind.toasts.deleted);
  const layout: ListLayout<Stream> = {
    columns: [
      serialColumn(),
      {
        header: 'Title',
        maxWidth: '320px',
        sort: { key: 'name', value: (stream) => stream.name },
        cell: (stream) => stream.name,
      },
      linkColumn('Stream Link', '280px', (stream) => stream.streamingLink),
      {
        header: 'Thumbnail',
        fit: true,
        cell: (stream) => <Thumbnail src={stream.image} alt={`Thumbnail of ${stream.name}`} loading="lazy" />,
      },
      actionColumn(
        editColumn((stream) => ({ to: `/live-streaming/edit/${stream._id}`, name: stream.name })),
        deleteColumn(streamKind.labels.confirmDelete, remove),
      ),
    ],
    caption: 'Live streams',
    emptyText: 'No live streams available.',
    add: { to: '/manage-live-streaming', label: 'Add New Stream' },
    exportList: 'live-streams',
  };
  return <ListPage {...list} {...layout} />;
}
