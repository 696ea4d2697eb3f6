import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  ButtonLink,
  DetailsHeader,
  DetailsList,
  formatDate,
  ListTable,
  MissingRecord,
  NotLoadedScreen,
  notify,
  PageHeader,
  Panel,
  useSearchFilter,
  useUserId,
  type Column,
  WriteOnly,
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { type Audience, type Reflection } from './api';
import { useAudience, type AudienceScreens } from './audience';
import { ReflectionForm } from './ReflectionForm';
import { RichText } from './RichText';

const NOT_FOUND = 'Reflection details not found.';

const notFound = (screens: AudienceScreens) => (
  <MissingRecord message={NOT_FOUND} backTo={screens.listPath} backLabel={`Back to ${screens.label} Reflection`} />
);

/** /adult-reflection and /children-reflection (spec §2): topic, mass, bible reading, date, details by date. */
export function ReflectionListScreen({ audience }: { audience: Audience }) {
  const screens = useAudience(audience);
  const load = useResource(screens.resource.list(), (signal) => screens.api.list(signal));
  const reflections = useSearchFilter(load.data, (r) => [r.topic, r.mass, r.bibleReading, formatDate(r.date)]);

  const columns: Column<Reflection>[] = [
    { header: 'Topic', maxWidth: '280px', cell: (r) => r.topic },
    { header: 'Mass', maxWidth: '200px', cell: (r) => r.mass },
    { header: 'Bible Reading', maxWidth: '200px', cell: (r) => r.bibleReading },
    { header: 'Date', fit: true, cell: (r) => formatDate(r.date) },
    {
      header: 'Details',
      fit: true,
      cell: (r) => (
        <RowAction to={screens.detailsPath(r.date)} aria-label={`View details of ${formatDate(r.date)}`}>
          View Details
        </RowAction>
      ),
    },
  ];

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to={screens.addPath}>Add {screens.label} Reflection</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No reflections available."
        caption={`${screens.label} reflections`}
        columns={columns}
        rows={reflections}
        rowKey={(r) => r._id}
      />
    </Panel>
  );
}

/** /add-adult-reflection and /add-children-reflection */
export function AddReflectionScreen({ audience }: { audience: Audience }) {
  const screens = useAudience(audience);
  return <ReflectionForm mode="add" screens={screens} />;
}

/** /adult-reflection/edit/{id} and /children-reflection/edit/{id}: prefilled from the loaded reflection. */
export function EditReflectionScreen({ audience }: { audience: Audience }) {
  const screens = useAudience(audience);
  const { id = '' } = useParams();
  const load = useResource(screens.resource.detail(id), (signal) => screens.api.get(id, signal));
  const reflection = load.data;
  if (!reflection) return <NotLoadedScreen load={load} what="This reflection" missing={notFound(screens)} />;
  return <ReflectionForm key={reflection._id} mode="edit" screens={screens} reflection={reflection} />;
}

const Details = styled(DetailsList)`
  max-width: 900px;
  dd {
    min-width: 0;
  }
`;

/** /adult-reflection/{date} and /children-reflection/{date}: read-only, with Edit and Delete. */
export function ReflectionDetailsScreen({ audience }: { audience: Audience }) {
  const screens = useAudience(audience);
  const { date = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const load = useResource(screens.resource.detail(date), (signal) => screens.api.get(date, signal));
  const reflection = load.data;
  if (!reflection) return <NotLoadedScreen load={load} what="This reflection" missing={notFound(screens)} />;

  const remove = async () => {
    await screens.api.remove(userId, reflection._id);
    notify.success('Reflection deleted successfully');
    void navigate(screens.listPath);
  };

  return (
    <Panel>
      <DetailsHeader
        title={reflection.topic}
        backTo={screens.listPath}
        editTo={screens.editPath(reflection._id)}
        editLabel="Edit"
        deleteLabel="Delete"
        confirmMessage="Are you sure you want to delete this reflection?"
        onDelete={remove}
      />
      <Details>
        <dt>Date</dt>
        <dd>{formatDate(reflection.date)}</dd>
        <dt>Topic</dt>
        <dd>{reflection.topic}</dd>
        <dt>Bible Reading</dt>
        <dd>{reflection.bibleReading}</dd>
        <dt>Reflection</dt>
        <dd>
          <RichText html={reflection.reflection} label="Reflection" />
        </dd>
        <dt>Prayer Points</dt>
        <dd>
          <RichText html={reflection.devotionalContent} label="Prayer Points" />
        </dd>
        <dt>Exercise</dt>
        <dd>
          <RichText html={reflection.devotionalConfession} label="Exercise" />
        </dd>
        <dt>Bible Meditation</dt>
        <dd>{reflection.furtherReading}</dd>
        <dt>Mass Reading</dt>
        <dd>{reflection.mass}</dd>
      </Details>
    </Panel>
  );
}
