import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  FileField,
  FormButtons,
  FormColumn,
  FormPage,
  notify,
  TextAreaField,
  TextField,
  useUploadProgress,
  useUserId,
} from 'shared';
import { donationsApi, type Donation, type DonationInput } from './api';
import { donationSchema } from './donationSchema';
import { fileType } from './files';

type DonationFormProps = { mode: 'add' } | { mode: 'edit'; donation: Donation };

const CurrentFile = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * Add Donation (/donation/add) and Edit Donation (/edit-donation/{id}): one form, two modes. The
 * add form resets after a successful save (spec §4); the edit form goes to the details.
 */
export function DonationForm(props: DonationFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const upload = useUploadProgress();
  // A new key mounts a fresh form, which also empties the file picker (a file input cannot be set).
  const [formKey, setFormKey] = useState(0);
  const donation = props.mode === 'edit' ? props.donation : undefined;
  const backTo = donation ? `/donations/${donation._id}` : '/donations';

  const initialValues: DonationInput = {
    donationName: donation?.donationName ?? '',
    donationDescription: donation?.donationDescription ?? '',
    // On edit the current file's URL: sent back unchanged unless another file is chosen.
    file: donation?.fileUrl ?? null,
  };

  const save = async (values: DonationInput, helpers: FormikHelpers<DonationInput>) => {
    try {
      if (donation) {
        await upload.run(values.file, (onProgress) => donationsApi.update(userId, donation._id, values, onProgress));
        notify.success('Donation updated successfully');
        void navigate(`/donations/${donation._id}`);
      } else {
        await upload.run(values.file, (onProgress) => donationsApi.create(userId, values, onProgress));
        notify.success('Donation added successfully');
        helpers.resetForm();
        setFormKey((key) => key + 1);
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  return (
    // The shell's header already names the screen ('Add Donation', 'Edit Donation').
    <FormPage backTo={backTo}>
      <Formik key={formKey} initialValues={initialValues} validationSchema={donationSchema(props.mode)} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
              <TextField name="donationName" label="Donation Name" />
              <TextAreaField name="donationDescription" label="Description" rows={4} />
              {donation && donation.donationImage === null && (
                // A stored file that is not an image has no preview: a link to it instead.
                <CurrentFile>
                  Current file:{' '}
                  <a href={donation.fileUrl} target="_blank" rel="noopener noreferrer" download>
                    {fileType(donation.fileUrl)} file
                  </a>
                </CurrentFile>
              )}
              <FileField
                name="file"
                label="File"
                // Images are previewed; a stored file that is not an image has nothing to show.
                preview={!donation || donation.donationImage !== null}
                progress={upload.progress}
                words="The file"
                types={donation ? 'Any type' : 'Any type (an image, a PDF …)'}
                hint={donation ? 'Leave empty to keep the current file.' : undefined}
              />
              <FormButtons busy={isSubmitting} label={donation ? 'Save Changes' : 'Add Donation'} />
            </FormColumn>
          </Form>
        )}
      </Formik>
    </FormPage>
  );
}
