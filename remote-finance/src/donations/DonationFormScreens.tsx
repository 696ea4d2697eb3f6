import { recordScreens, useRecord } from 'shared/data';
import { donations, donationsApi } from './api';
import { DonationForm } from './DonationForm';

/** The donation of /donations/{id} and /edit-donation/{id}, or the screen to show while it is not there. */
export const useDonation = () =>
  useRecord(donations, donationsApi.get, {
    what: 'This donation',
    notFound: ['No donation data found.', '/donations', 'Back to Donations'],
  });

/** /donation/add, and /edit-donation/{id}: the form prefilled with the stored donation. */
export const { AddScreen: AddDonationScreen, EditScreen: EditDonationScreen } = recordScreens(
  DonationForm,
  useDonation,
);
