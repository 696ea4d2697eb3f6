import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { AboutInput } from 'api/contract';
import {
  ButtonLink,
  EmptyText,
  FormButtons,
  FormColumn,
  FormPage,
  NotLoadedScreen,
  notify,
  PageHeader,
  Panel,
  requiredText,
  TextAreaField,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { aboutApi, aboutUs, type About } from './api';

/** Add About and the edit modal (spec §5): the text is required. */
export const aboutSchema = yup.object({
  text: requiredText('About us content is required', 'About us content', AboutInput.text),
});

type AboutFormProps =
  | { mode: 'add' }
  | {
      mode: 'edit';
      about: About;
      /** Cancel, or after a successful save. */
      onClose: () => void;
    };

/** The Add About Us page (/add-about, then /about) and the Edit About Us modal: one form, two modes. */
export function AboutForm(props: AboutFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const about = props.mode === 'edit' ? props.about : undefined;

  const save = async ({ text }: { text: string }) => {
    try {
      if (props.mode === 'edit') {
        await aboutApi.update(userId, props.about._id, text);
        notify.success('About us updated successfully');
        props.onClose();
      } else {
        await aboutApi.create(userId, text);
        notify.success('About us added successfully');
        void navigate('/about');
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  const form = (
    <Formik initialValues={{ text: about?.text ?? '' }} validationSchema={aboutSchema} onSubmit={save}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <TextAreaField name="text" label="About Us" rows={10} />
          <FormButtons
            busy={isSubmitting}
            label={about ? 'Save' : 'Add About Us'}
            onCancel={props.mode === 'edit' ? props.onClose : undefined}
          />
        </Form>
      )}
    </Formik>
  );

  if (props.mode === 'edit') return form;
  return (
    <FormPage backTo="/about">
      <FormColumn>{form}</FormColumn>
    </FormPage>
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
      <Panel>
        <PageHeader actions={<ButtonLink to="/about">Go to About Us</ButtonLink>} />
        <EmptyText>About Us already has its text: edit it on the About Us page.</EmptyText>
      </Panel>
    );
  }
  return <AboutForm mode="add" />;
}
