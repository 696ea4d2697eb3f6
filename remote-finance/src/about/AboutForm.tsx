import * as yup from 'yup';
import { AboutInput } from 'api/contract';
import {
  ButtonLink,
  EmptyText,
  NotLoadedScreen,
  PageHeader,
  Panel,
  RecordForm,
  requiredText,
  TextAreaField,
} from 'shared';
import { useRecordController, useResource } from 'shared/data';
import { aboutApi, aboutKind, aboutUs, type About } from './api';

/** Add About and the edit modal (spec §5): the text is required. */
export const aboutSchema = yup.object({
  text: requiredText('About us content is required', 'About us content', AboutInput.text),
});

/**
 * The Add About Us page (/add-about, then /about) and the Edit About Us modal (`onClose`: Cancel, or
 * after a successful save): one form, two modes.
 */
export function AboutForm({ record: about, onClose }: { record?: About; onClose?: () => void }) {
  const controller = useRecordController(aboutKind, { record: about, onSaved: onClose });
  return (
    <RecordForm
      {...(onClose ? { onCancel: onClose } : { backTo: controller.backTo, oneColumn: true })}
      initialValues={{ text: about?.text ?? '' }}
      validationSchema={aboutSchema}
      onSubmit={controller.save}
      label={about ? 'Save' : 'Add About Us'}
    >
      <TextAreaField name="text" label="About Us" rows={10} />
    </RecordForm>
  );
}

/** /add-about: the form while there is no text; once there is one, the way to edit it instead. */
export function AddAboutScreen() {
  const load = useResource(aboutUs.list(), (signal) => aboutApi.get(signal));
  const about = load.data;
  if (about === undefined || (about === null && load.error))
    return <NotLoadedScreen load={load} what="About Us" missing={null} />;
  if (about) {
    return (
      <>
        <PageHeader actions={<ButtonLink to="/about">Go to About Us</ButtonLink>} />
        <Panel>
          <EmptyText>About Us already has its text: edit it on the About Us page.</EmptyText>
        </Panel>
      </>
    );
  }
  return <AboutForm />;
}
