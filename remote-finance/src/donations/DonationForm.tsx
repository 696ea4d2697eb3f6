import { ControlledForm, recordFormScreens, type RecordController } from 'shared/data';
import { donationKind, type Donation, type DonationInput } from './api';
import { donationForm } from './form';

/** Add Donation (/donation/add) and Edit Donation (/edit-donation/{id}): one form, two modes. */
export function DonationForm({ controller }: { controller: RecordController<Donation, DonationInput> }) {
  // The shell's header already names the screen ('Add Donation', 'Edit Donation').
  const label = controller.mode === 'edit' ? 'Save Changes' : 'Add Donation';
  return <ControlledForm controller={controller} form={donationForm} label={label} />;
}

/** /donation/add, and /edit-donation/{id}: the form prefilled with the stored donation. */
export const { AddScreen: AddDonationScreen, EditScreen: EditDonationScreen } = recordFormScreens(
  donationKind,
  DonationForm,
);
