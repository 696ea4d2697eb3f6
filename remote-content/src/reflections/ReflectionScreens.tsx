import styled from 'styled-components';
import { DetailsList, detailsColumn, formatDate, ListPage, Panel, type ListLayout } from 'shared';
import {
  RecordDetailsHeader,
  RecordHistory,
  RecordLoaded,
  useList,
  useRecordController,
  type ComparedField,
} from 'shared/data';
import { type Audience, type Reflection } from './api';
import { useAudience } from './audience';
import { ReflectionForm } from './ReflectionForm';
import { RichText } from './RichText';

/** /adult-reflection and /children-reflection (spec §2): topic, mass, bible reading, date, details by date. */
export function ReflectionListScreen({ audience }: { audience: Audience }) {
  const screens = useAudience(audience);
  const list = useList(screens.resource, screens.api.list, (r) => [
    r.topic,
    r.mass,
    r.bibleReading,
    formatDate(r.date),
  ]);
  const layout: ListLayout<Reflection> = {
    columns: [
      { header: 'Topic', maxWidth: '280px', sort: { key: 'topic', value: (r) => r.topic }, cell: (r) => r.topic },
      { header: 'Mass', maxWidth: '200px', sort: { key: 'mass', value: (r) => r.mass }, cell: (r) => r.mass },
      {
        header: 'Bible Reading',
        maxWidth: '200px',
        sort: { key: 'bibleReading', value: (r) => r.bibleReading },
        cell: (r) => r.bibleReading,
      },
      {
        header: 'Date',
        fit: true,
        sort: { key: 'date', value: (r) => new Date(r.date) },
        cell: (r) => formatDate(r.date),
      },
      detailsColumn((r) => ({ to: screens.detailsPath(r.date), name: formatDate(r.date) })),
    ],
    caption: `${screens.label} reflections`,
    emptyText: 'No reflections available.',
    add: { to: screens.addPath, label: `Add ${screens.label} Reflection` },
    exportList: `${audience}-reflections`,
  };
  return <ListPage {...list} {...layout} />;
}

/** /add-adult-reflection and /add-children-reflection */
export function AddReflectionScreen({ audience }: { audience: Audience }) {
  return <ReflectionForm screens={useAudience(audience)} />;
}

/** /adult-reflection/edit/{id} and /children-reflection/edit/{id}: prefilled from the loaded reflection. */
export function EditReflectionScreen({ audience }: { audience: Audience }) {
  return <ReflectionForm screens={useAudience(audience)} />;
}

const Details = styled(DetailsList)`
  max-width: 900px;
  dd {
    min-width: 0;
  }
`;

/** What a reflection's History compares, in the order of the details screen. */
const COMPARED: ComparedField[] = [
  { name: 'date', label: 'Date' },
  { name: 'topic', label: 'Topic' },
  { name: 'bibleReading', label: 'Bible Reading' },
  { name: 'reflection', label: 'Reflection' },
  { name: 'devotionalContent', label: 'Prayer Points' },
  { name: 'devotionalConfession', label: 'Exercise' },
  { name: 'furtherReading', label: 'Bible Meditation' },
  { name: 'mass', label: 'Mass Reading' },
];

/** /adult-reflection/{date} and /children-reflection/{date}: read-only, with Edit and Delete, and History. */
export function ReflectionDetailsScreen({ audience }: { audience: Audience }) {
  const { kind } = useAudience(audience);
  const controller = useRecordController(kind, { param: 'date' });
  return (
    <RecordLoaded controller={controller}>
      {(reflection) => (
        <>
          <RecordDetailsHeader controller={controller} record={reflection} title={reflection.topic} />
          <Panel>
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
            <RecordHistory
              of={`${audience}-reflections`}
              resource={kind.resource}
              record={reflection}
              fields={COMPARED}
            />
          </Panel>
        </>
      )}
    </RecordLoaded>
  );
}
