import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  ButtonLink,
  deleteColumn,
  ListTable,
  MissingRecord,
  NotLoadedScreen,
  notify,
  PageHeader,
  Panel,
  Picture,
  useSearchFilter,
  useUserId,
  type Column,
  WriteOnly,
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { streams, streamsApi, type Stream } from './api';
import { StreamForm } from './StreamForm';

const Thumbnail = styled(Picture)`
  width: 80px;
  height: 48px;
`;

/** /live-streaming (spec §2): S/N, title, stream link, thumbnail, Edit and Delete. */
export function StreamListScreen() {
  const userId = useUserId();
  const load = useResource(streams.list(), (signal) => streamsApi.list(signal));
  const rows = useSearchFilter(load.data, (stream) => [stream.name, stream.streamingLink, stream.category]);

  const columns: Column<Stream>[] = [
    { header: 'S/N', fit: true, cell: (_stream, index) => index + 1 },
    { header: 'Title', maxWidth: '320px', cell: (stream) => stream.name },
    {
      header: 'Stream Link',
      maxWidth: '280px',
      cell: (stream) => (
        <a href={stream.streamingLink} title={stream.streamingLink} target="_blank" rel="noopener noreferrer">
          {stream.streamingLink}
        </a>
      ),
    },
    {
      header: 'Thumbnail',
      fit: true,
      cell: (stream) => <Thumbnail src={stream.image} alt={`Thumbnail of ${stream.name}`} loading="lazy" />,
    },
    {
      header: 'Edit',
      write: true,
      cell: (stream) => (
        <RowAction to={`/live-streaming/edit/${stream._id}`} aria-label={`Edit ${stream.name}`}>
          Edit
        </RowAction>
      ),
    },
    deleteColumn('Are you sure you want to delete this stream?', async (stream) => {
      await streamsApi.remove(userId, stream._id);
      notify.success('Stream deleted successfully');
    }),
  ];

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to="/manage-live-streaming">Add New Stream</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No live streams available."
        caption="Live streams"
        columns={columns}
        rows={rows}
        rowKey={(stream) => stream._id}
      />
    </Panel>
  );
}

/** /manage-live-streaming */
export function AddStreamScreen() {
  return <StreamForm mode="add" />;
}

/** /live-streaming/edit/{id}: the stream is looked up in the list (the spec has no single-stream call). */
export function EditStreamScreen() {
  const { id = '' } = useParams();
  const load = useResource(streams.list(), (signal) => streamsApi.list(signal));
  const stream = load.data?.find((candidate) => candidate._id === id);
  if (!stream) {
    const missing = (
      <MissingRecord message="Stream not found." backTo="/live-streaming" backLabel="Back to Live Streaming" />
    );
    return <NotLoadedScreen load={load} what="This stream" missing={missing} />;
  }
  return <StreamForm mode="edit" stream={stream} />;
}
