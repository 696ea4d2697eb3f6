import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  ButtonLink,
  deleteColumn,
  ListTable,
  LoadingBlock,
  MissingRecord,
  notify,
  PageHeader,
  Panel,
  Picture,
  useRequest,
  useSearchFilter,
  useUserId,
  type Column,
} from 'shared';
import { streamsApi, type Stream } from './api';
import { StreamForm } from './StreamForm';

const Thumbnail = styled(Picture)`
  width: 80px;
  height: 48px;
`;

/** /live-streaming (spec §2): S/N, title, stream link, thumbnail, Edit and Delete. */
export function StreamListScreen() {
  const userId = useUserId();
  const { data, loading, reload } = useRequest((signal) => streamsApi.list(signal), 'streams');
  const streams = useSearchFilter(data, (stream) => [stream.name, stream.streamingLink, stream.category]);

  const columns: Column<Stream>[] = [
    { header: 'S/N', cell: (_stream, index) => index + 1 },
    { header: 'Title', cell: (stream) => stream.name },
    {
      header: 'Stream Link',
      maxWidth: '280px',
      cell: (stream) => (
        <a href={stream.streamingLink} target="_blank" rel="noopener noreferrer">
          {stream.streamingLink}
        </a>
      ),
    },
    {
      header: 'Thumbnail',
      cell: (stream) => <Thumbnail src={stream.image} alt={`Thumbnail of ${stream.name}`} loading="lazy" />,
    },
    {
      header: 'Edit',
      cell: (stream) => (
        <Link to={`/live-streaming/edit/${stream._id}`} aria-label={`Edit ${stream.name}`}>
          Edit
        </Link>
      ),
    },
    deleteColumn('Are you sure you want to delete this stream?', async (stream) => {
      await streamsApi.remove(userId, stream._id);
      notify.success('Stream deleted successfully');
      reload();
    }),
  ];

  return (
    <Panel>
      <PageHeader actions={<ButtonLink to="/manage-live-streaming">Add New Stream</ButtonLink>} />
      <ListTable
        loading={loading && !data}
        emptyText="No live streams available."
        caption="Live streams"
        columns={columns}
        rows={streams}
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
  const { data, loading } = useRequest((signal) => streamsApi.list(signal), 'streams');
  if (loading) return <LoadingBlock />;
  const stream = data?.find((candidate) => candidate._id === id);
  if (!stream)
    return <MissingRecord message="Stream not found." backTo="/live-streaming" backLabel="Back to Live Streaming" />;
  return <StreamForm mode="edit" stream={stream} />;
}
