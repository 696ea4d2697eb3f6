import { useParams } from 'react-router-dom';
import { ButtonLink, EmptyText, LoadingBlock, Panel, useRequest } from 'shared';
import { donationsApi } from './api';
import { DonationForm } from './DonationForm';

/** /donation/add */
export function AddDonationScreen() {
  return <DonationForm mode="add" />;
}

/** /edit-donation/{id}: the form prefilled with the stored donation. */
export function EditDonationScreen() {
  const { id = '' } = useParams();
  const { data: donation, loading } = useRequest((signal) => donationsApi.get(id, signal), id);
  if (loading) return <LoadingBlock />;
  if (!donation) return <NoDonation />;
  return <DonationForm mode="edit" donation={donation} />;
}

/** The spec's missing-data text, with a way back. */
export function NoDonation() {
  return (
    <Panel>
      <EmptyText>No donation data found.</EmptyText>
      <ButtonLink variant="secondary" to="/donations">
        Back to Donations
      </ButtonLink>
    </Panel>
  );
}
