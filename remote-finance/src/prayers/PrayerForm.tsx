import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { FormButtons, FormColumn, FormPage, notify, TextAreaField, TextField, useUserId } from 'shared';
import { prayersApi, type Prayer, type PrayerInput } from './api';
import { prayerSchema } from './prayerSchema';

type PrayerFormProps =
  | { mode: 'add' }
  | {
      mode: 'edit';
      prayer: Prayer;
      /** Cancel, or after a successful save. */
      onClose: () => void;
    };

/** The Add Prayer page (/add-prayer, then /prayers) and the Edit modal of /prayers: one form, two modes. */
export function PrayerForm(props: PrayerFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const prayer = props.mode === 'edit' ? props.prayer : undefined;
  const initialValues: PrayerInput = { title: prayer?.title ?? '', prayer: prayer?.prayer ?? '' };

  const save = async (values: PrayerInput) => {
    try {
      if (props.mode === 'edit') {
        await prayersApi.update(userId, props.prayer._id, values);
        notify.success('Prayer updated successfully');
        props.onClose();
      } else {
        await prayersApi.create(userId, values);
        notify.success('Prayer added successfully');
        void navigate('/prayers');
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  const form = (
    <Formik initialValues={initialValues} validationSchema={prayerSchema} onSubmit={save}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <TextField name="title" label="Title" />
          <TextAreaField name="prayer" label="Prayer" rows={8} />
          <FormButtons
            busy={isSubmitting}
            label={prayer ? 'Save' : 'Add Prayer'}
            onCancel={props.mode === 'edit' ? props.onClose : undefined}
          />
        </Form>
      )}
    </Formik>
  );

  if (props.mode === 'edit') return form;
  return (
    <FormPage backTo="/prayers">
      <FormColumn>{form}</FormColumn>
    </FormPage>
  );
}

/** /add-prayer */
export function AddPrayerScreen() {
  return <PrayerForm mode="add" />;
}
