import { useParams } from 'react-router-dom';
import { MissingRecord, NotLoadedScreen } from 'shared';
import { useResource } from 'shared/data';
import { donations, donationsApi } from './api';
import { DonationForm } from './DonationForm';

/** /donation/add */
export function AddDonationScreen() {
  return <DonationForm mode="add" />;
}

/** /edit-donation/{id}: the form prefilled with the stored donation. */
export function EditDonationScreen() {
  const { id = '' } = useParams();
  const load = useResource(donations.detail(id), (signal) => donationsApi.get(id, signal));
  const donation = load.data;
  if (!donation) return <NotLoadedScreen load={load} what="This donation" missing={<NoDonation />} />;
  return <DonationForm mode="edit" donation={donation} />;
}

/** The spec's missing-data text, with a way back. */
export function NoDonation() {
  return <MissingRecord message="No donation data found." backTo="/donations" backLabel="Back to Donations" />;
}
