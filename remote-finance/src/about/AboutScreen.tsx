import { useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, EmptyText, LoadingBlock, Modal, PageHeader, Panel, useRequest } from 'shared';
import { aboutApi } from './api';
import { AboutForm } from './AboutForm';

const Text = styled.div`
  max-width: 72ch;
  line-height: 1.65;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

/** /about (spec §2): the About Us text with Edit About Us, or Add About Us while there is none. */
export function AboutScreen() {
  const { data: about, loading, reload } = useRequest((signal) => aboutApi.get(signal), 'about');
  const [editing, setEditing] = useState(false);

  if (loading && !about) return <LoadingBlock />;

  return (
    <Panel>
      <PageHeader
        actions={
          about ? (
            <Button onClick={() => setEditing(true)}>Edit About Us</Button>
          ) : (
            <ButtonLink to="/add-about">Add About Us</ButtonLink>
          )
        }
      />
      {about ? <Text>{about.text}</Text> : <EmptyText>No about us content available.</EmptyText>}
      {about && editing && (
        <Modal title="Edit About Us" onClose={() => setEditing(false)}>
          <AboutForm mode="edit" about={about} onSaved={reload} onClose={() => setEditing(false)} />
        </Modal>
      )}
    </Panel>
  );
}
