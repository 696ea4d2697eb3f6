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
import { recordScreens, useList, useRecordInList, useRemoveRow } from 'shared/data';
import { streams, streamsApi, type Stream } from './api';
import { StreamForm } from './StreamForm';

const Thumbnail = styled(Picture)`
  width: 80px;
  height: 48px;
`;

/** /live-streaming (spec §2): S/N, title, stream link, thumbnail, Edit and Delete. */
export function StreamListScreen() {
  const list = useList(streams, streamsApi.list, (stream) => [stream.name, stream.streamingLink, stream.category]);
  const remove = useRemoveRow(streamsApi.remove, 'Stream deleted successfully');
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
        deleteColumn('Are you sure you want to delete this stream?', remove),
      ),
    ],
    caption: 'Live streams',
    emptyText: 'No live streams available.',
    add: { to: '/manage-live-streaming', label: 'Add New Stream' },
    exportList: 'live-streams',
  };
  return <ListPage {...list} {...layout} />;
}

/** /live-streaming/edit/{id}: the stream is looked up in the list (the spec has no single-stream call). */
const useStream = () =>
  useRecordInList(streams, streamsApi.list, {
    what: 'This stream',
    notFound: ['Stream not found.', '/live-streaming', 'Back to Live Streaming'],
  });

/** /manage-live-streaming, and /live-streaming/edit/{id}: the form prefilled with the stored stream. */
export const { AddScreen: AddStreamScreen, EditScreen: EditStreamScreen } = recordScreens(StreamForm, useStream);
