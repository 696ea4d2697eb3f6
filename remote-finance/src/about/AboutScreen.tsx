import { useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, EmptyText, Modal, NotLoadedScreen, PageHeader, Panel, WriteOnly } from 'shared';
import { RecordHistory, useResource } from 'shared/data';
import { aboutApi, aboutUs } from './api';
import { AboutForm } from './AboutForm';

const Text = styled.div`
  max-width: 72ch;
  line-height: 1.65;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

/** /about (spec §2): the About Us text with Edit About Us, or Add About Us while there is none. */
export function AboutScreen() {
  const load = useResource(aboutUs.list(), (signal) => aboutApi.get(signal));
  const [editing, setEditing] = useState(false);
  const about = load.data;

  // Without the answer no one knows whether there is a text: neither Add nor Edit is offered.
  if (about === undefined || (about === null && load.error))
    return <NotLoadedScreen load={load} what="About Us" missing={null} />;

  return (
    <>
      <PageHeader
        actions={
          <WriteOnly>
            {about ? (
              <Button onClick={() => setEditing(true)}>Edit About Us</Button>
            ) : (
              <ButtonLink to="/add-about">Add About Us</ButtonLink>
            )}
          </WriteOnly>
        }
      />
      <Panel>
        {about ? <Text>{about.text}</Text> : <EmptyText>No about us content available.</EmptyText>}
        {about && (
          <RecordHistory of="about" resource={aboutUs} record={about} fields={[{ name: 'text', label: 'About Us' }]} />
        )}
        {about && editing && (
          <Modal title="Edit About Us" onClose={() => setEditing(false)}>
            <AboutForm record={about} onClose={() => setEditing(false)} />
          </Modal>
        )}
      </Panel>
    </>
  );
}
