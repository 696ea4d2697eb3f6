import { useState } from 'react';
import { DefinedForm, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { donationsApi, type Donation, type DonationInput } from './api';
import { donationForm } from './form';

/**
 * Add Donation (/donation/add) and Edit Donation (/edit-donation/{id}): one form, two modes. The
 * add form resets after a successful save (spec §4); the edit form goes to the details.
 */
export function DonationForm({ record: donation }: { record?: Donation }) {
  const upload = useUploadProgress();
  // A new key mounts a fresh form, which also empties the file picker (a file input cannot be set).
  const [formKey, setFormKey] = useState(0);
  const backTo = donation ? `/donations/${donation._id}` : '/donations';

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
    <DefinedForm
      backTo={backTo}
      formKey={formKey}
      form={donationForm}
      record={donation}
      progress={upload.progress}
      onSubmit={save}
      label={donation ? 'Save Changes' : 'Add Donation'}
    />
  );
}
