import { DonationFields } from 'api/contract';
import { requiredText } from 'shared';
import * as yup from 'yup';

/**
 * Add and edit donation (spec §5, to the letter: the add form says 'Donation name is required', the
 * edit form 'Name is required'). A file of any type; required on add, optional on edit (where it is
 * the current file's URL until another is chosen).
 */
export const donationSchema = (mode: 'add' | 'edit') =>
  yup.object({
    donationName: requiredText(
      mode === 'add' ? 'Donation name is required' : 'Name is required',
      'Name',
      DonationFields.donationName,
    ),
    donationDescription: requiredText('Description is required', 'Description', DonationFields.donationDescription),
    file:
      mode === 'add'
        ? yup
            .mixed<File | string>()
            .nullable()
            .test('file-required', 'File is required', (value) => Boolean(value))
        : yup.mixed<File | string>().nullable(),
  });
