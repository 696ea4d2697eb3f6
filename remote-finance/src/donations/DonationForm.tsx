import { useState } from 'react';
import styled from 'styled-components';
import { FileField, formValues, RecordForm, TextAreaField, TextField, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { donationsApi, type Donation, type DonationInput } from './api';
import { donationSchema } from './donationSchema';
import { fileType } from './files';

const CurrentFile = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * Add Donation (/donation/add) and Edit Donation (/edit-donation/{id}): one form, two modes. The
 * add form resets after a successful save (spec §4); the edit form goes to the details.
 */
export function DonationForm({ record: donation }: { record?: Donation }) {
  const upload = useUploadProgress();
  // A new key mounts a fresh form, which also empties the file picker (a file input cannot be set).
  const [formKey, setFormKey] = useState(0);
  const backTo = donation ? `/donations/${donation._id}` : '/donations';

  const initialValues = formValues<DonationInput>(
    { donationName: '', donationDescription: '', file: null },
    // On edit the current file's URL: sent back unchanged unless another file is chosen.
    donation && { ...donation, file: donation.fileUrl },
  );

  const save = useSave<DonationInput>(
    donation
      ? {
          write: (values, userId) =>
            upload.run(values.file, (onProgress) => donationsApi.update(userId, donation._id, values, onProgress)),
          toast: 'Donation updated successfully',
          back: backTo,
        }
      : {
          write: (values, userId) =>
            upload.run(values.file, (onProgress) => donationsApi.create(userId, values, onProgress)),
          toast: 'Donation added successfully',
          then: () => setFormKey((key) => key + 1),
        },
  );

  return (
    // The shell's header already names the screen ('Add Donation', 'Edit Donation').
    <RecordForm
      backTo={backTo}
      formKey={formKey}
      initialValues={initialValues}
      validationSchema={donationSchema(donation ? 'edit' : 'add')}
      onSubmit={save}
      label={donation ? 'Save Changes' : 'Add Donation'}
    >
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
    </RecordForm>
  );
}
